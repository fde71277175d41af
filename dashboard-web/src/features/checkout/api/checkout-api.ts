import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutPayment, CheckoutPayResult } from '@tallyline/contracts';
import { apiRequest } from '../../../lib/api';
import type { CardDetails } from '../card-rules';

/** While an outcome is not known yet (a gateway answer got lost), the page asks again this often. */
const UNSETTLED_REFRESH_MS = 3_000;

const checkoutKey = (id: string) => ['public', 'checkout', id];

/** GET /api/checkout/{id}: what anyone holding the payment link may see; `watch`: re-read until it settles. */
export function useCheckout(id: string, watch = false) {
  return useQuery({
    queryKey: checkoutKey(id),
    queryFn: () => apiRequest<CheckoutPayment>(`/api/checkout/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (watch && query.state.data?.status === 'pending' ? UNSETTLED_REFRESH_MS : false),
    staleTime: 0,
    retry: false,
  });
}

/**
 * Tokenize in the browser (the sandbox gateway's POST /api/sandbox-gateway/tokens, as a real
 * gateway's script would), then pay with the token: the card number never reaches our API.
 */
export function usePay(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (card: CardDetails) => {
      const { token } = await apiRequest<{ token: string }>('/api/sandbox-gateway/tokens', { method: 'POST', json: card });
      return apiRequest<CheckoutPayResult>(`/api/checkout/${encodeURIComponent(id)}/pay`, { method: 'POST', json: { token } });
    },
    onSettled: () => client.invalidateQueries({ queryKey: checkoutKey(id) }),
  });
}
