import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { EventSourcedCommands } from '../src/platform/commands/event-sourced-commands.js';
import { ExchangeRates } from '../src/crypto-payments/exchange-rates/exchange-rates.js';
import { CryptoProvider } from '../src/crypto-payments/provider/crypto-provider.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { controlClock, CRYPTO_PAYMENT, cryptoEventTypes, type CreatedCryptoPayment } from './support/crypto.js';

const T0 = new Date('2026-11-23T10:00:05.000Z');
const MINUTE = 60_000;

describe('Idempotency-Key on crypto payment creation (POST /api/crypto-payments/create, /api/client/crypto-payments)', () => {
  let t: TestApp;
  let db: DataSource;
  let clock: ReturnType<typeof controlClock>;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    clock = controlClock(t, T0);
  });
  afterAll(() => t.close());

  const create = (as: string, key: string | undefined, payload: object = CRYPTO_PAYMENT, url = '/api/crypto-payments/create') =>
    t.request({ method: 'POST', url, payload, headers: { ...bearer(as), ...(key === undefined ? {} : { 'idempotency-key': key }) } });
  const paymentOf = (res: Awaited<ReturnType<typeof create>>) => res.json<{ payment: CreatedCryptoPayment }>().payment;
  const listed = async (as: string, environment = 'staging') =>
    (await t.request({ method: 'GET', url: `/api/crypto-payments?environment=${environment}`, headers: bearer(as) })).json<{ cryptoTransactions: { id: string }[] }>().cryptoTransactions;
  /** A minute whose sandbox rate differs from T0's, so a re-quote would show. */
  const laterMinuteWithAnotherRate = async (token: string, rate: string) => {
    for (let i = 1; ; i++) {
      clock.set(new Date(T0.getTime() + i * MINUTE));
      const quoted = await t.request({ method: 'GET', url: '/api/crypto-payments/exchange-rate?fromCurrency=EUR&toCrypto=BTC&environment=staging', headers: bearer(token) });
      if (String(quoted.json<{ exchangeRate: { rate: number } }>().exchangeRate.rate) !== rate) return;
    }
  };

  it('the same key and body answer the first payment (201, same id, rate and address), without quoting or opening again, recording nothing', async () => {
    const { token } = await registerMerchant(t);
    clock.set(T0);
    const first = await create(token, 'order-1-try');
    expect(first.statusCode).toBe(201);
    await laterMinuteWithAnotherRate(token, paymentOf(first).exchangeRate);
    const opened = jest.spyOn(t.app.get(CryptoProvider), 'openPayment');
    const quoted = jest.spyOn(t.app.get(ExchangeRates), 'quote');
    const again = await create(token, 'order-1-try');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect([opened.mock.calls.length, quoted.mock.calls.length]).toEqual([0, 0]);
    opened.mockRestore();
    quoted.mockRestore();
    expect(await cryptoEventTypes(db, paymentOf(first).id)).toEqual(['CryptoPaymentCreated']);
    expect(await listed(token)).toHaveLength(1);
  });

  it('an order ID left empty is the same request again, though the retry comes later', async () => {
    const { token } = await registerMerchant(t);
    clock.set(T0);
    const first = paymentOf(await create(token, 'no-order', { ...CRYPTO_PAYMENT, orderId: undefined }));
    clock.advance(5_000);
    const again = await create(token, 'no-order', { ...CRYPTO_PAYMENT, orderId: '' });
    expect([again.statusCode, paymentOf(again)]).toEqual([201, first]);
  });

  it('the same key with another body is 422, and nothing is recorded', async () => {
    const { token } = await registerMerchant(t);
    clock.set(T0);
    const first = paymentOf(await create(token, 'k-422'));
    for (const change of [{ amount: 999 }, { targetCrypto: 'ETH' }, { orderId: 'order-2' }]) {
      const other = await create(token, 'k-422', { ...CRYPTO_PAYMENT, ...change });
      expect([other.statusCode, other.json<{ message: string }>().message]).toEqual([422, 'Idempotency-Key was already used with a different request body']);
    }
    expect(await cryptoEventTypes(db, first.id)).toEqual(['CryptoPaymentCreated']);
    expect(await listed(token)).toHaveLength(1);
  });

  it('5 concurrent requests with one key make one payment and all answer it', async () => {
    const { token } = await registerMerchant(t);
    clock.set(T0);
    const opened = jest.spyOn(t.app.get(CryptoProvider), 'openPayment');
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(token, 'burst')));
    const openedFor = new Set(opened.mock.calls.map(([request]) => request.paymentId));
    opened.mockRestore();
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(5).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(paymentOf(a)))).size).toBe(1);
    const { id } = paymentOf(answers[0]!);
    // Those that missed the stream together each opened it with the provider, but for the one payment id.
    expect(openedFor).toEqual(new Set([id]));
    expect(await cryptoEventTypes(db, id)).toEqual(['CryptoPaymentCreated']);
    expect(await listed(token)).toHaveLength(1);
  });

  it('a duplicate that missed the stream (as a concurrent one does) loses the append and answers the first payment, or 422', async () => {
    const { token } = await registerMerchant(t);
    clock.set(T0);
    const first = await create(token, 'raced');
    await laterMinuteWithAnotherRate(token, paymentOf(first).exchangeRate);
    // As if read before the first was appended: the handler quotes and opens again, then appends expecting no stream.
    const stateOf = jest.spyOn(t.app.get(EventSourcedCommands), 'stateOf');
    stateOf.mockResolvedValueOnce({ status: 'none' });
    const again = await create(token, 'raced');
    expect([again.statusCode, again.json()]).toEqual([201, first.json()]);
    stateOf.mockResolvedValueOnce({ status: 'none' });
    const other = await create(token, 'raced', { ...CRYPTO_PAYMENT, amount: 5 });
    expect([other.statusCode, other.json<{ message: string }>().message]).toEqual([422, 'Idempotency-Key was already used with a different request body']);
    expect(stateOf).toHaveBeenCalledTimes(2);
    stateOf.mockRestore();
    expect(await cryptoEventTypes(db, paymentOf(first).id)).toEqual(['CryptoPaymentCreated']);
  });

  it('a key is the merchant\'s, per environment, and not a card payment\'s', async () => {
    const a = await registerMerchant(t);
    const b = await registerMerchant(t);
    clock.set(T0);
    const staging = paymentOf(await create(a.token, 'shared'));
    const production = await create(a.token, 'shared', { ...CRYPTO_PAYMENT, environment: 'production' });
    const otherMerchant = await create(b.token, 'shared');
    const card = await t.request({
      method: 'POST',
      url: '/api/client/payments',
      payload: { amount: 10000, currency: 'EUR', customerEmail: 'ann@example.com', customerName: 'Ann', orderId: 'o-1', paymentMethod: 'credit_card', environment: 'staging' },
      headers: { ...bearer(a.token), 'idempotency-key': 'shared' },
    });
    expect([production.statusCode, otherMerchant.statusCode, card.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([staging.id, paymentOf(production).id, paymentOf(otherMerchant).id, card.json<{ id: string }>().id]).size).toBe(4);
    expect(paymentOf(production).environment).toBe('production');
  });

  it('POST /api/client/crypto-payments with an sk_ key honours it too', async () => {
    const { token } = await registerMerchant(t);
    const key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json<{ key: string }>().key;
    expect(key).toMatch(/^sk_/);
    clock.set(T0);
    const body = { ...CRYPTO_PAYMENT, environment: undefined };
    const first = await create(key, 'client-1', body, '/api/client/crypto-payments');
    const again = await create(key, 'client-1', body, '/api/client/crypto-payments');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    // The session's door in the same environment is the same merchant's key.
    expect(paymentOf(await create(token, 'client-1', { ...body, environment: 'staging' }))).toEqual(paymentOf(first));
    expect((await create(key, 'client-1', { ...body, amount: 1 }, '/api/client/crypto-payments')).statusCode).toBe(422);
    expect(await cryptoEventTypes(db, paymentOf(first).id)).toEqual(['CryptoPaymentCreated']);
  });

  it('a key that is not 1-255 printable characters is 400, recording nothing', async () => {
    const { token } = await registerMerchant(t);
    for (const bad of ['x'.repeat(256), 'with space']) {
      const res = await create(token, bad);
      expect([res.statusCode, res.json<{ errors: unknown[] }>().errors]).toEqual([400, [{ field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 printable characters' }]]);
    }
    expect(await listed(token)).toHaveLength(0);
  });
});
