import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CryptoCheckout } from '@tallyline/contracts';
import { apiRequest } from '../../../lib/api';

/** How often the page asks for the status while the payment can still change. */
const LIVE_REFRESH_MS = 5_000;

const key = (id: string) => ['public', 'crypto-checkout', id];

/** The payment as the hosted page may show it; re-read while pending or processing (live status). */
export function useCryptoCheckout(id: string) {
  return useQuery({
    queryKey: key(id),
    queryFn: () => apiRequest<CryptoCheckout>(`/api/crypto-checkout/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (query.state.data && ['pending', 'processing'].includes(query.state.data.status) ? LIVE_REFRESH_MS : false),
    staleTime: 0,
  });
}

/** Staging only: play the provider confirming or failing the payer's transaction. */
export function useSimulate(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (outcome: 'confirm' | 'fail') => apiRequest<CryptoCheckout>(`/api/crypto-checkout/${encodeURIComponent(id)}/simulate`, { method: 'POST', json: { outcome } }),
    onSuccess: (payment) => client.setQueryData(key(id), payment),
  });
}
