import { Injectable } from '@nestjs/common';
import { CRYPTO_DECIMALS, CRYPTO_PRECISION, formatMinor, type CryptoCode, type CryptoFiat, type Environment } from '@tallyline/contracts';
import { Decimal } from 'decimal.js';
import { Clock } from '../../platform/clock.js';
import { CryptoProvider } from '../provider/crypto-provider.js';

export interface Quote {
  /** Fiat per 1 crypto, an exact decimal string. */
  rate: string;
  fetchedAt: Date;
}

/**
 * What `amountMinor` of fiat buys at `rate`, rounded up to the places the crypto can be sent in, so the
 * payer covers the whole amount, and written to 8 places.
 */
export function cryptoAmountOf(amountMinor: number, currency: CryptoFiat, rate: string, crypto: CryptoCode): string {
  return new Decimal(formatMinor(amountMinor, currency)).dividedBy(rate).toDecimalPlaces(CRYPTO_PRECISION[crypto], Decimal.ROUND_UP).toFixed(CRYPTO_DECIMALS);
}

/**
 * Rates from the provider, asked at most once a minute per pair and environment: every quote in
 * that minute (the page's, a creation's) is the same one. Only the current minute is kept.
 */
@Injectable()
export class ExchangeRates {
  private minute = -1;
  private readonly cache = new Map<string, Promise<Quote>>();

  constructor(
    private readonly provider: CryptoProvider,
    private readonly clock: Clock,
  ) {}

  quote(fiat: CryptoFiat, crypto: CryptoCode, environment: Environment): Promise<Quote> {
    const now = this.clock.now();
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== this.minute) {
      this.cache.clear();
      this.minute = minute;
    }
    const key = `${environment}:${fiat}:${crypto}`;
    let quote = this.cache.get(key);
    if (!quote) {
      quote = this.provider.rate(fiat, crypto, environment, now).then((rate) => ({ rate, fetchedAt: now }));
      // A failed call is not remembered: the next quote asks again.
      void quote.catch(() => this.cache.delete(key));
      this.cache.set(key, quote);
    }
    return quote;
  }
}
