import { QueryCache, QueryClient } from '@tanstack/react-query';
import { onSignIn } from './auth-token';

/**
 * The spec's fetch defaults: no retry, never refetch on focus, never stale. The dashboard's figures are
 * the server's current environment's, which another tab may have switched: whenever they are fetched the
 * merchant (its environment, the badge) is fetched again too, so the two never disagree for long.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onSuccess: (_data, query) => {
        // cancelRefetch false: the tab's several dashboard queries share one merchant fetch.
        if (query.queryKey[0] === 'dashboard') void client.invalidateQueries({ queryKey: ['session', 'merchant'] }, { cancelRefetch: false });
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();

onSignIn(() => queryClient.removeQueries({ queryKey: ['session'] }));
