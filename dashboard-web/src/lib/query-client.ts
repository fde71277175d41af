import { QueryClient } from '@tanstack/react-query';
import { onSignIn } from './auth-token';

/** The spec's fetch defaults: no retry, never refetch on focus, never stale. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
    mutations: { retry: false },
  },
});

onSignIn(() => queryClient.removeQueries({ queryKey: ['session'] }));
