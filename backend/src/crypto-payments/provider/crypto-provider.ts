import type { CryptoCode, CryptoFiat, Environment } from '@tallyline/contracts';

/** A payment opened with the provider: where the payer sends the crypto, and the provider's id for it. */
export interface ProviderPayment {
  providerPaymentId: string;
  address: string;
}

/**
 * The crypto provider (a third party) behind one port, so the domain never depends on which one:
 * the sandbox module provides it by default, a real provider is another module bound to this token.
 */
export abstract class CryptoProvider {
  /** Fiat per 1 crypto at `at`, an exact decimal string. */
  abstract rate(fiat: CryptoFiat, crypto: CryptoCode, environment: Environment, at: Date): Promise<string>;

  /** Opens a payment of `cryptoAmount` (8 places) for our `paymentId`; the same id answers the same payment. */
  abstract openPayment(request: { paymentId: string; environment: Environment; crypto: CryptoCode; cryptoAmount: string }): Promise<ProviderPayment>;
}
