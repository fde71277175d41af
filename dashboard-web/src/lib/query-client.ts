import { notifyManager, QueryClient } from '@tanstack/react-query';
import type { Environment, Merchant } from '@tallyline/contracts';
import { onServedEnvironment } from './api';
import { onSignIn } from './auth-token';

/**
 * The spec's fetch defaults: no retry, never refetch on focus, never stale. The dashboard's figures are
 * the server's current environment's, which another tab may have switched: every environment-scoped answer
 * says which environment it was served for (see followEnvironment), and the current merchant (its
 * environment, the badge) is fetched again whenever the tab is back in view (lib/session.ts).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  onServedEnvironment((environment) => followEnvironment(client, environment));
  return client;
}

/**
 * An answer was served for `environment` while the badge shows the other one (switched in another tab): the
 * badge changes and every dashboard query (['dashboard', …]) is dropped and fetched again, in one notification
 * batch, before that answer is used. So no render shows one environment's figures under the other's badge:
 * the old figures go with the old badge, and the answer that told (perhaps a dashboard query's own, which the
 * reset fetches again) is not shown under it either.
 */
function followEnvironment(client: QueryClient, environment: Environment): void {
  const stale = client
    .getQueriesData<Merchant | null>({ queryKey: ['session', 'merchant'] })
    .flatMap(([key, merchant]) => (merchant && merchant.environment !== environment ? [{ key, merchant }] : []));
  if (stale.length === 0) return;
  notifyManager.batch(() => {
    for (const { key, merchant } of stale) client.setQueryData(key, { ...merchant, environment });
    void client.resetQueries({ queryKey: ['dashboard'] });
  });
}

export const queryClient = createQueryClient();

onSignIn(() => queryClient.removeQueries({ queryKey: ['session'] }));
