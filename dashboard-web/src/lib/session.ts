import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { Environment, Merchant, User } from '@tallyline/contracts';
import { ApiError, apiRequest, getAuthToken } from './api';
import { setAuthToken, useAuthToken } from './auth-token';

/**
 * The session shared by the layout and every feature: the token lives in localStorage (spec §4),
 * the user and merchant are queries keyed by it so a new token refetches them.
 */
const sessionKeys = {
  user: (token: string | null) => ['session', 'user', token] as const,
  merchant: (userId: string | undefined) => ['session', 'merchant', userId] as const };

/** GET /api/auth/user, only while a token is stored. A rejected token counts as signed out. */
function useCurrentUser() {
  const token = useAuthToken();
  const query = useQuery({
    queryKey: sessionKeys.user(token),
    enabled: Boolean(token),
    queryFn: async () => {
      try {
        return await apiRequest<User>('/api/auth/user');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          setAuthToken(null);
          return null;
        }
        throw error;
      }
    } });
  const user = token ? (query.data ?? null) : null;
  return { user, token, isLoading: Boolean(token) && query.isPending, error: query.error };
}

/** GET /api/merchants/current, only once a user exists; 404 means the user has no merchant, 403 a staff account (which never has one). */
export function useCurrentMerchant() {
  const { user, isLoading: userLoading } = useCurrentUser();
  const query = useQuery({
    queryKey: sessionKeys.merchant(user?.id),
    enabled: Boolean(user),
    // The environment can be switched in another tab: look again whenever this one is back in view. A
    // different environment changes the badge and the dashboard's figures together (lib/query-client.ts).
    refetchOnWindowFocus: 'always',
    queryFn: async () => {
      try {
        return await apiRequest<Merchant>('/api/merchants/current');
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
        throw error;
      }
    } });
  return {
    user,
    merchant: user ? (query.data ?? null) : null,
    isLoading: userLoading || (Boolean(user) && query.isPending),
    error: query.error };
}

/** Logout clears the token and every cached query, then goes to `/`. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useCallback(() => {
    const token = getAuthToken();
    // The server refuses this token from now on; signing out here does not wait for it (keepalive: it
    // outlives the page). The token is gone from this browser either way.
    if (token) void fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
    navigate('/');
    setAuthToken(null);
    queryClient.clear();
  }, [queryClient, navigate]);
}

/**
 * Moves the session to a new token of the same user (a password change ends the old one): the cached
 * user moves with it, so the dashboard neither reloads nor flashes a loading state.
 */
export function useReplaceToken() {
  const queryClient = useQueryClient();
  return useCallback(
    (token: string) => {
      const user = queryClient.getQueryData<User | null>(sessionKeys.user(getAuthToken()));
      if (user) queryClient.setQueryData(sessionKeys.user(token), user);
      setAuthToken(token);
    },
    [queryClient],
  );
}

/**
 * PATCH /api/merchants/environment to the environment the button names, not the no-body toggle: a tab
 * still showing staging after another tab switched to production must not toggle back to staging.
 */
export function useSwitchEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (environment: Environment) => apiRequest<Merchant>('/api/merchants/environment', { method: 'PATCH', json: { environment } }),
    // The answer names its environment: the badge and the dashboard's figures follow it together
    // (lib/query-client.ts); the merchant is then fetched again, as the spec has it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session', 'merchant'] }) });
}
