import { useSyncExternalStore } from 'react';
import { AUTH_TOKEN_KEY } from '@tallyline/contracts/auth-token';
import { getAuthToken } from './api';

/**
 * The stored token as React state (spec §4: it lives in localStorage), apart from lib/session.ts so that
 * the header can tell a signed-out visitor without loading react-query.
 */
const listeners = new Set<() => void>();

export function setAuthToken(token: string | null) {
  if (token) window.localStorage.setItem(AUTH_TOKEN_KEY, token);
  else window.localStorage.removeItem(AUTH_TOKEN_KEY);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** What a sign-in must drop: the cached session of the token before (lib/query-client.ts, once react-query is loaded). */
let forgetSession = () => {};

export function onSignIn(forget: () => void) {
  forgetSession = forget;
}

/** Stores a fresh token and drops any cached session, so the header and guards refetch it. */
export function signIn(token: string) {
  forgetSession();
  setAuthToken(token);
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getAuthToken, () => null);
}
