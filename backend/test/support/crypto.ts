import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { Clock } from '../../src/platform/clock.js';
import type { TestApp } from './app.js';
import { bearer } from './auth.js';

export const CRYPTO_PAYMENT = {
  amount: 1000,
  currency: 'EUR',
  targetCrypto: 'BTC',
  customerEmail: 'mario.rossi@example.com',
  customerName: 'Mario Rossi',
  orderId: 'order-1',
  environment: 'staging',
};

/** The app's clock, stopped at `start` and moved only by the test. */
export function controlClock(t: TestApp, start: Date) {
  let now = start;
  jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
  return {
    set: (at: Date) => void (now = at),
    advance: (ms: number) => void (now = new Date(now.getTime() + ms)),
    now: () => now,
  };
}

export interface CreatedCryptoPayment {
  id: string;
  status: string;
  exchangeRate: string;
  cryptoAmount: string;
  createdAt: string;
  expiresAt: string;
  [field: string]: unknown;
}

/** A pending crypto payment of the merchant signed in with `token`. */
export async function createCryptoPayment(t: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<CreatedCryptoPayment> {
  const res = await t.request({ method: 'POST', url: '/api/crypto-payments/create', payload: { ...CRYPTO_PAYMENT, ...overrides }, headers: bearer(token) });
  if (res.statusCode !== 201) throw new Error(`create crypto payment failed: ${res.statusCode} ${res.body}`);
  return res.json<{ payment: CreatedCryptoPayment }>().payment;
}

/** The types of a crypto payment's events, in order. */
export async function cryptoEventTypes(db: DataSource, paymentId: string): Promise<string[]> {
  const rows = await db.query<{ type: string }[]>(`SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version`, [`crypto_payment-${paymentId}`]);
  return rows.map((row) => row.type);
}
