import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientCurrencies, CryptoPayment, CryptoPaymentCreateRequest, Environment, ExchangeRate } from '@tallyline/contracts';
import { apiRequest } from '../../../lib/api';

/** Spec §9: the history shows the latest 20. */
const HISTORY_LIMIT = 20;
/** The provider's rate is quoted per minute: the page follows it while open. */
const RATE_REFRESH_MS = 30_000;

const keys = {
  currencies: (environment: Environment) => ['crypto-payments', 'currencies', environment],
  rate: (fiat: string, crypto: string, environment: Environment) => ['crypto-payments', 'rate', fiat, crypto, environment],
  history: (environment: Environment) => ['crypto-payments', 'history', environment],
};

export function useCurrencies(environment: Environment, enabled: boolean) {
  return useQuery({
    queryKey: keys.currencies(environment),
    queryFn: () => apiRequest<ClientCurrencies>(`/api/crypto-payments/currencies?environment=${environment}`),
    enabled,
  });
}

/** Spec §5: asked only when both the fiat and the crypto are chosen. */
export function useExchangeRate(fiat: string, crypto: string, environment: Environment, enabled: boolean) {
  return useQuery({
    queryKey: keys.rate(fiat, crypto, environment),
    queryFn: () =>
      apiRequest<{ exchangeRate: ExchangeRate }>(`/api/crypto-payments/exchange-rate?${new URLSearchParams({ fromCurrency: fiat, toCrypto: crypto, environment }).toString()}`),
    enabled: enabled && Boolean(fiat && crypto),
    refetchInterval: RATE_REFRESH_MS,
  });
}

export function useCryptoHistory(environment: Environment, enabled: boolean) {
  return useQuery({
    queryKey: keys.history(environment),
    queryFn: () => apiRequest<{ cryptoTransactions: CryptoPayment[] }>(`/api/crypto-payments?environment=${environment}&limit=${HISTORY_LIMIT}`),
    enabled,
  });
}

/**
 * POST /api/crypto-payments/create; the history reloads after a creation, and so does the rate: the payment
 * locked the provider's current one, which may be newer than the one the form was showing.
 */
export function useCreateCryptoPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CryptoPaymentCreateRequest) => apiRequest<{ payment: CryptoPayment }>('/api/crypto-payments/create', { method: 'POST', json: body }),
    onSuccess: (_answer, body) =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.history(body.environment ?? 'staging') }),
        client.invalidateQueries({ queryKey: ['crypto-payments', 'rate'] }),
      ]),
  });
}
