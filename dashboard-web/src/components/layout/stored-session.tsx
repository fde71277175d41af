import { Suspense, useState, type ReactNode } from 'react';
import { useAuthToken } from '../../lib/auth-token';
import { lazyWithQueries } from '../../lib/lazy-with-queries';
import type { StoredSession } from './SessionProbe';

// Loaded only while a token is stored: the session's queries bring react-query along.
const SessionProbe = lazyWithQueries(() => import('./SessionProbe').then((module) => module.SessionProbe));

const SIGNED_OUT: StoredSession = { user: null, merchant: null, isLoading: false };
const LOADING: StoredSession = { user: null, merchant: null, isLoading: true };

/**
 * The signed-in user and merchant, for a component that must not load react-query for a visitor without a
 * stored token (the header, the public sign-up). Render `probe`: while a token is stored it checks the
 * session and reports it; until it has reported for the current token, the session is loading.
 */
export function useStoredSession(): { session: StoredSession; probe: ReactNode } {
  const token = useAuthToken();
  const [reported, setReported] = useState<{ token: string; session: StoredSession }>();
  const session = !token ? SIGNED_OUT : reported?.token === token ? reported.session : LOADING;
  const probe = token && (
    <Suspense fallback={null}>
      <SessionProbe token={token} onChange={setReported} />
    </Suspense>
  );
  return { session, probe };
}
