import { useQuery } from '@tanstack/react-query';
import {
  servicesFromProbes,
  servicesWhenUnreachable,
  STATUS_REFRESH_MS,
  type ProbeResult,
  type ServiceEntry } from '../status-rules';

const HEALTH_PATHS = { api: '/api/health', database: '/api/health/database', email: '/api/health/email' } as const;

export interface StatusCheck {
  services: ServiceEntry[];
  /** False when the probes could not run at all (network error). */
  reachable: boolean;
}

/** One timed GET; only ok-versus-not and the elapsed time matter (spec §7). Network errors propagate. */
async function probe(path: string): Promise<ProbeResult> {
  const started = performance.now();
  const response = await fetch(path, { cache: 'no-store', headers: { Accept: 'application/json' } });
  // Read to the end: the time is the whole answer's, and an unread body keeps its connection busy.
  await response.arrayBuffer();
  return { ok: response.ok, responseTime: Math.round(performance.now() - started) };
}

async function checkStatus(now: () => Date = () => new Date()): Promise<StatusCheck> {
  try {
    const [api, database, email] = await Promise.all([probe(HEALTH_PATHS.api), probe(HEALTH_PATHS.database), probe(HEALTH_PATHS.email)]);
    return { services: servicesFromProbes({ api, database, email }, now()), reachable: true };
  } catch (error) {
    // Spec §8: a failed check is logged and shown as one degraded API Server entry, never as an error page.
    console.log('Status check failed', error);
    return { services: servicesWhenUnreachable(now()), reachable: false };
  }
}

/** Checks on entry and every 30 s while the page is open. */
export function useServiceStatus() {
  return useQuery({
    queryKey: ['public', 'status'],
    queryFn: () => checkStatus(),
    refetchInterval: STATUS_REFRESH_MS,
    // The app's default is "never stale"; live health must be re-read each time the page is entered.
    staleTime: 0,
    gcTime: 0 });
}
