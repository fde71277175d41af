import { z } from 'zod';
import { CRYPTO_PRECISION } from '../crypto-payments.js';

const currencySchema = z.object({ code: z.string(), name: z.string(), decimals: z.number().int() });

/**
 * GET /api/client/currencies. Fiat: the spec's fallback fiats (EUR, USD, GBP); crypto: its supported
 * cryptos (BTC, ETH, USDT). Field names as the crypto page reads them (fiatCurrencies, cryptoCurrencies).
 */
export const clientCurrenciesSchema = z.object({
  fiatCurrencies: z.array(currencySchema),
  cryptoCurrencies: z.array(currencySchema),
});
export type ClientCurrencies = z.infer<typeof clientCurrenciesSchema>;

export const CLIENT_CURRENCIES: ClientCurrencies = {
  fiatCurrencies: [
    { code: 'EUR', name: 'Euro', decimals: 2 },
    { code: 'USD', name: 'US Dollar', decimals: 2 },
    { code: 'GBP', name: 'Pound Sterling', decimals: 2 },
  ],
  cryptoCurrencies: [
    { code: 'BTC', name: 'Bitcoin', decimals: CRYPTO_PRECISION.BTC },
    { code: 'ETH', name: 'Ethereum', decimals: CRYPTO_PRECISION.ETH },
    { code: 'USDT', name: 'Tether (TRC-20)', decimals: CRYPTO_PRECISION.USDT },
  ],
};

/** GET /api/client/documentation: where the OpenAPI document lives, and how to authenticate. */
export const clientDocumentationSchema = z.object({
  title: z.string(),
  version: z.string(),
  openApi: z.object({ json: z.string(), ui: z.string() }),
  authentication: z.string(),
  environment: z.enum(['production', 'staging']),
});
export type ClientDocumentation = z.infer<typeof clientDocumentationSchema>;
