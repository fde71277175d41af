import type { CryptoCode, CryptoFiat, CryptoPaymentStatus, Environment } from '@tallyline/contracts';
import { eventGuard } from '../platform/event-store/event-guard.js';

/**
 * Stream `crypto_payment-{paymentId}`. Fiat in integer minor units; crypto amounts and the rate as
 * exact decimal strings. The rate is locked here, at creation, and never recomputed.
 */
export interface CryptoPaymentCreated {
  type: 'CryptoPaymentCreated';
  data: {
    paymentId: string;
    merchantId: string;
    environment: Environment;
    amountMinor: number;
    currency: CryptoFiat;
    targetCrypto: CryptoCode;
    /** What the payer sends, 8 decimal places. */
    cryptoAmount: string;
    /** Fiat per 1 crypto, as quoted by the provider at rateFetchedAt. */
    exchangeRate: string;
    rateFetchedAt: string;
    customerEmail: string;
    customerName: string | null;
    orderId: string;
    providerPaymentId: string;
    /** Where the payer sends the crypto. */
    address: string;
    createdAt: string;
    expiresAt: string;
  };
}

/** The provider saw the payer's transaction (processing), then its confirmation or failure. */
export interface CryptoPaymentStatusChanged {
  type: 'CryptoPaymentStatusChanged';
  data: {
    paymentId: string;
    from: CryptoPaymentStatus;
    to: CryptoPaymentStatus;
    blockchainTxHash?: string;
    confirmations?: number;
    at: string;
  };
}

/** Nothing was paid before expiresAt. */
export interface CryptoPaymentExpired {
  type: 'CryptoPaymentExpired';
  data: { paymentId: string; at: string };
}

export type CryptoPaymentEvent = CryptoPaymentCreated | CryptoPaymentStatusChanged | CryptoPaymentExpired;

export const isCryptoPaymentEvent = eventGuard<CryptoPaymentEvent>({
  CryptoPaymentCreated: true,
  CryptoPaymentStatusChanged: true,
  CryptoPaymentExpired: true,
});
