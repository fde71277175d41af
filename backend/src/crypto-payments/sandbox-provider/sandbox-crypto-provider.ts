import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CryptoCode, CryptoFiat } from '@tallyline/contracts';
import { Decimal } from 'decimal.js';
import { CryptoProvider, type ProviderPayment } from '../provider/crypto-provider.js';

/** Fiat per 1 crypto before the minute's movement. */
const BASE_RATES: Record<CryptoCode, Record<CryptoFiat, string>> = {
  BTC: { EUR: '58000', USD: '63000', GBP: '50000' },
  ETH: { EUR: '3100', USD: '3400', GBP: '2700' },
  USDT: { EUR: '0.92', USD: '1', GBP: '0.79' },
};
/** The most a sandbox rate moves away from its base, in basis points (±0.5%). */
export const MAX_MOVEMENT_BP = 50;

const digest = (text: string) => createHash('sha256').update(text).digest();
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * The sandbox provider: no network, everything derived from its input. A rate is its base moved by
 * a pseudo-random number of basis points drawn from the pair and the minute, so it is the same all
 * minute long and on every instance; addresses and ids are derived from our payment id.
 */
@Injectable()
export class SandboxCryptoProvider extends CryptoProvider {
  rate(fiat: CryptoFiat, crypto: CryptoCode, _environment: unknown, at: Date): Promise<string> {
    const minute = Math.floor(at.getTime() / 60_000);
    const movementBp = (digest(`${fiat}:${crypto}:${minute}`).readUInt32BE(0) % (2 * MAX_MOVEMENT_BP + 1)) - MAX_MOVEMENT_BP;
    const rate = new Decimal(BASE_RATES[crypto][fiat]).times(10_000 + movementBp).dividedBy(10_000);
    return Promise.resolve(rate.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed());
  }

  openPayment({ paymentId, crypto }: { paymentId: string; crypto: CryptoCode }): Promise<ProviderPayment> {
    const bytes = digest(`address:${paymentId}`);
    const hex = bytes.toString('hex');
    const address = crypto === 'BTC' ? `tb1q${hex.slice(0, 38)}` : crypto === 'ETH' ? `0x${hex.slice(0, 40)}` : `T${[...bytes.subarray(0, 33)].map((byte) => BASE58[byte % 58]).join('')}`;
    return Promise.resolve({ providerPaymentId: `sbx_${digest(`payment:${paymentId}`).toString('hex').slice(0, 24)}`, address });
  }
}
