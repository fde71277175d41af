import { useSyncExternalStore } from 'react';
import { AUTH_TOKEN_KEY } from '@tallyline/contracts/browser';
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

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getAuthToken, () => null);
}
