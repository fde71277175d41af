import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_MESSAGES, type MerchantAnalytics, type MerchantStats, type Payment, type PaymentTimelineEntry, type RefundResult, type TransactionPage } from '@tallyline/contracts';
import { ApiError, apiRequest, getAuthToken } from '../../../lib/api';

/** Every dashboard query lives under this key, so an environment switch (lib/session) or a refund refreshes them all. */
export const DASHBOARD_KEY = 'dashboard';

export function useMerchantStats() {
  return useQuery({ queryKey: [DASHBOARD_KEY, 'stats'], queryFn: () => apiRequest<MerchantStats>('/api/merchants/stats') });
}

export function useMerchantAnalytics(days: number) {
  return useQuery({
    queryKey: [DASHBOARD_KEY, 'analytics', days],
    queryFn: () => apiRequest<MerchantAnalytics>(`/api/merchants/analytics?days=${days}`),
    placeholderData: keepPreviousData,
  });
}

/** One page of GET /api/transactions for the given query string (filters, limit, cursor); not asked for while `enabled` is false (a reversed date range). */
export function useTransactions(query: URLSearchParams, enabled = true) {
  const search = query.toString();
  return useQuery({
    queryKey: [DASHBOARD_KEY, 'transactions', search],
    queryFn: () => apiRequest<TransactionPage>(`/api/transactions?${search}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePayment(id: string | null) {
  return useQuery({
    queryKey: [DASHBOARD_KEY, 'payment', id],
    enabled: id !== null,
    queryFn: () => apiRequest<Payment>(`/api/client/payments/${encodeURIComponent(id ?? '')}`),
  });
}

/** What happened to a payment and who did it (GET /api/transactions/{id}/events), oldest first. */
export function usePaymentTimeline(id: string | null) {
  return useQuery({
    queryKey: [DASHBOARD_KEY, 'payment-events', id],
    enabled: id !== null,
    queryFn: () => apiRequest<PaymentTimelineEntry[]>(`/api/transactions/${encodeURIComponent(id ?? '')}/events`),
  });
}

/**
 * POST /api/transactions/{id}/refund: what is left (no amount) or a part. The Idempotency-Key is the
 * merchant's confirmation's, so that however often it is sent the server refunds once.
 */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount, idempotencyKey }: { id: string; amount?: number | undefined; idempotencyKey: string }) =>
      apiRequest<RefundResult>(`/api/transactions/${encodeURIComponent(id)}/refund`, {
        method: 'POST',
        // No amount: everything left, as the server counts it at the moment of the refund.
        json: amount === undefined ? {} : { amount },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    // Only with the key is a retry safe: when no answer came (the refund may have been made), or while
    // that first try is still being made (409); the server then answers the one refund.
    retry: (failures, error) => failures < 3 && (error instanceof TypeError || (error instanceof ApiError && error.serverMessage === PAYMENT_MESSAGES.idempotencyInProgress)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [DASHBOARD_KEY] }),
  });
}

/**
 * GET /api/transactions/export with the bearer token (a plain link could not send it), saved by the
 * browser as a file.
 */
export async function downloadTransactionsCsv(filters: URLSearchParams): Promise<void> {
  const token = getAuthToken();
  const response = await fetch(`/api/transactions/export?${filters.toString()}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `transactions-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
