import { useEffect } from 'react';
import type { Merchant, User } from '@tallyline/contracts';
import { useCurrentMerchant } from '../../lib/session';

export interface StoredSession {
  user: User | null;
  merchant: Merchant | null;
  isLoading: boolean;
}

/** Reports the signed-in session to `useStoredSession`, which loads it (and react-query) only while a token is stored. */
export function SessionProbe({ token, onChange }: { token: string; onChange: (report: { token: string; session: StoredSession }) => void }) {
  const { user, merchant, isLoading } = useCurrentMerchant();
  useEffect(() => onChange({ token, session: { user, merchant, isLoading } }), [token, user, merchant, isLoading, onChange]);
  return null;
}
