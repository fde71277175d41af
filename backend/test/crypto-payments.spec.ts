import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Decimal } from 'decimal.js';
import { DataSource } from 'typeorm';
import { CryptoProvider } from '../src/crypto-payments/provider/crypto-provider.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { controlClock, createCryptoPayment, CRYPTO_PAYMENT, cryptoEventTypes } from './support/crypto.js';

const T0 = new Date('2026-11-23T10:00:05.000Z');
const MINUTE = 60_000;

interface Rate {
  rate: number;
  fromCurrency: string;
  toCrypto: string;
  fetchedAt: string;
  amount?: string;
  cryptoAmount?: string;
}

describe('crypto payments: currencies, rates, creation, history (/api/crypto-payments)', () => {
  let t: TestApp;
  let db: DataSource;
  let token: string;
  let clock: ReturnType<typeof controlClock>;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    token = (await registerMerchant(t)).token;
    clock = controlClock(t, T0);
  });
  afterAll(() => t.close());

  const get = (url: string, as = token) => t.request({ method: 'GET', url, headers: bearer(as) });
  const rateAt = async (at: Date, query = 'fromCurrency=EUR&toCrypto=BTC&environment=staging') => {
    clock.set(at);
    const res = await get(`/api/crypto-payments/exchange-rate?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ exchangeRate: Rate }>().exchangeRate;
  };

  describe('currencies and rates', () => {
    it('lists the fiat currencies and the cryptos (EUR, USD, GBP; BTC, ETH, USDT)', async () => {
      const res = await get('/api/crypto-payments/currencies?environment=staging');
      expect(res.statusCode).toBe(200);
      const body = res.json<{ fiatCurrencies: { code: string }[]; cryptoCurrencies: { code: string }[] }>();
      expect(body.fiatCurrencies.map((c) => c.code)).toEqual(['EUR', 'USD', 'GBP']);
      expect(body.cryptoCurrencies.map((c) => c.code)).toEqual(['BTC', 'ETH', 'USDT']);
    });

    it('quotes fiat per 1 crypto (?fromCurrency=&toCrypto=), within 0.5% of the sandbox base rate', async () => {
      const rate = await rateAt(T0);
      expect(rate).toEqual({ rate: expect.any(Number), fromCurrency: 'EUR', toCrypto: 'BTC', fetchedAt: T0.toISOString() });
      expect(Math.abs(rate.rate - 58000)).toBeLessThanOrEqual(58000 * 0.005);
      const usdt = await rateAt(T0, 'fromCurrency=usd&toCrypto=usdt');
      expect(Math.abs(usdt.rate - 1)).toBeLessThanOrEqual(0.005);
    });

    it.each(['/api/crypto-payments/exchange-rate', '/api/client/exchange-rates'])('%s?from=&to=&amount= adds the converted amount, exact to 8 places', async (path) => {
      clock.set(T0);
      const res = await get(`${path}?from=EUR&to=BTC&amount=1000`);
      expect(res.statusCode).toBe(200);
      const rate = res.json<{ exchangeRate: Rate }>().exchangeRate;
      expect(rate).toMatchObject({ fromCurrency: 'EUR', toCrypto: 'BTC', amount: '1000.00' });
      expect(rate.cryptoAmount).toBe(new Decimal(1000).dividedBy(String(rate.rate)).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed(8));
      // A misspelt parameter is refused, not answered with a rate that lacks the amount asked for.
      expect((await get(`${path}?from=EUR&to=BTC&amout=1000`)).json()).toMatchObject({ statusCode: 400, errors: [{ field: 'amout' }] });
    });

    it('is the same all minute long, asks the provider once a minute, and moves (boundedly) from minute to minute', async () => {
      const provider = t.app.get(CryptoProvider);
      const asked = jest.spyOn(provider, 'rate');
      const minute = new Date('2026-11-23T11:00:00.000Z');
      const first = await rateAt(minute, 'fromCurrency=GBP&toCrypto=ETH');
      const later = await rateAt(new Date(minute.getTime() + 59_999), 'fromCurrency=GBP&toCrypto=ETH');
      expect(later).toEqual(first);
      expect(asked).toHaveBeenCalledTimes(1);
      const rates = [];
      for (let i = 1; i <= 10; i++) rates.push((await rateAt(new Date(minute.getTime() + i * MINUTE), 'fromCurrency=GBP&toCrypto=ETH')).rate);
      expect(asked).toHaveBeenCalledTimes(11);
      expect(new Set(rates).size).toBeGreaterThan(1);
      for (const rate of rates) expect(Math.abs(rate - 2700)).toBeLessThanOrEqual(2700 * 0.005);
      asked.mockRestore();
    });

    it.each([
      ['fromCurrency=XYZ&toCrypto=BTC', 'fromCurrency', 'From currency must be one of EUR, USD, GBP'],
      ['fromCurrency=EUR&toCrypto=DOGE', 'toCrypto', 'To crypto must be one of BTC, ETH, USDT'],
      ['from=EUR&to=DOGE&amount=10', 'to', 'To crypto must be one of BTC, ETH, USDT'],
      ['toCrypto=BTC', 'from', 'From currency must be one of EUR, USD, GBP'],
      ['from=EUR&to=BTC&amount=-1', 'amount', 'Amount must be a number greater than 0 with at most 2 decimals'],
      ['from=EUR&to=BTC&amount=abc', 'amount', 'Amount must be a number greater than 0 with at most 2 decimals'],
      // Number() reads these as 16 and 100: not what anyone wrote.
      ['from=EUR&to=BTC&amount=0x10', 'amount', 'Amount must be a number greater than 0 with at most 2 decimals'],
      ['from=EUR&to=BTC&amount=1e2', 'amount', 'Amount must be a number greater than 0 with at most 2 decimals'],
      // An alias and its name saying different things.
      ['from=EUR&fromCurrency=USD&to=BTC', 'from', 'Give the currency once: from or fromCurrency'],
      ['fromCurrency=EUR&toCrypto=BTC&to=ETH', 'to', 'Give the crypto once: to or toCrypto'],
    ])('?%s is a 400 naming %s', async (query, field, message) => {
      const res = await get(`/api/crypto-payments/exchange-rate?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: unknown[] }>().errors).toContainEqual({ field, message });
    });

    it.each(['/api/crypto-payments/exchange-rate', '/api/client/exchange-rates'])('%s refuses an alias and its name with different values, and takes the same one twice', async (path) => {
      const conflict = await get(`${path}?from=EUR&fromCurrency=GBP&toCrypto=BTC&to=BTC`);
      expect([conflict.statusCode, conflict.json().message]).toEqual([400, 'Give the currency once: from or fromCurrency']);
      const same = await get(`${path}?from=eur&fromCurrency=EUR&toCrypto=BTC&to=BTC`);
      expect([same.statusCode, same.json().exchangeRate]).toEqual([200, expect.objectContaining({ fromCurrency: 'EUR', toCrypto: 'BTC' })]);
    });
  });

  describe('creating', () => {
    const create = (payload: object, url = '/api/crypto-payments/create', as = token) => t.request({ method: 'POST', url, payload, headers: bearer(as) });

    it('answers 201 { payment } in the documented shape, at the minute\'s rate, expiring 30 minutes after creation', async () => {
      const { token: own, merchant } = await registerMerchant(t);
      clock.set(T0);
      const quoted = await rateAt(T0);
      const res = await create(CRYPTO_PAYMENT, undefined, own);
      expect(res.statusCode).toBe(201);
      const payment = res.json<{ payment: Record<string, unknown> & { id: string } }>().payment;
      expect(payment).toMatchObject({
        orderId: 'order-1',
        status: 'pending',
        amount: '1000.00',
        currency: 'EUR',
        targetCrypto: 'BTC',
        exchangeRate: String(quoted.rate),
        cryptoAmount: new Decimal(1000).dividedBy(String(quoted.rate)).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed(8),
        paymentUrl: `${t.config.publicUrl}/crypto-payments/${payment.id}`,
        providerPaymentId: expect.stringMatching(/^sbx_[0-9a-f]{24}$/),
        address: expect.stringMatching(/^tb1q[0-9a-f]{38}$/),
        environment: 'staging',
        merchantId: merchant.id,
        createdAt: T0.toISOString(),
        expiresAt: new Date(T0.getTime() + 30 * MINUTE).toISOString(),
      });
      expect(await cryptoEventTypes(db, payment.id)).toEqual(['CryptoPaymentCreated']);
    });

    it('asks for USDT in the 6 places a TRC-20 transfer has (rounded up), written to 8, and the wallet URI carries the 6', async () => {
      clock.set(T0);
      const quoted = await rateAt(T0, 'fromCurrency=EUR&toCrypto=USDT&environment=staging');
      const res = await create({ ...CRYPTO_PAYMENT, targetCrypto: 'USDT', amount: 999.99 });
      expect(res.statusCode).toBe(201);
      const payment = res.json<{ payment: { id: string; cryptoAmount: string; address: string } }>().payment;
      const exact = new Decimal('999.99').dividedBy(String(quoted.rate));
      expect(payment.cryptoAmount).toBe(exact.toDecimalPlaces(6, Decimal.ROUND_UP).toFixed(8));
      expect(payment.cryptoAmount).toMatch(/^\d+\.\d{6}00$/);
      const checkout = await t.request({ method: 'GET', url: `/api/crypto-checkout/${payment.id}` });
      expect(checkout.json<{ paymentUri: string }>().paymentUri).toBe(`tron:${payment.address}?amount=${exact.toDecimalPlaces(6, Decimal.ROUND_UP).toFixed(6)}`);
    });

    it('gives ETH wallets an EIP-681 URI: the amount as an integer of wei in `value`', async () => {
      clock.set(T0);
      const quoted = await rateAt(T0, 'fromCurrency=EUR&toCrypto=ETH&environment=staging');
      const res = await create({ ...CRYPTO_PAYMENT, targetCrypto: 'ETH', amount: 250 });
      const payment = res.json<{ payment: { id: string; cryptoAmount: string; address: string } }>().payment;
      const checkout = await t.request({ method: 'GET', url: `/api/crypto-checkout/${payment.id}` });
      const wei = new Decimal(250).dividedBy(String(quoted.rate)).toDecimalPlaces(8, Decimal.ROUND_UP).times('1e18');
      expect(checkout.json<{ paymentUri: string }>().paymentUri).toBe(`ethereum:${payment.address}?value=${wei.toFixed(0)}`);
      expect(wei.isInteger() && wei.greaterThan(0)).toBe(true);
    });

    it('POST /api/client/crypto-payments is the same call', async () => {
      const res = await create({ ...CRYPTO_PAYMENT, amount: 12.34, targetCrypto: 'eth', currency: 'usd' }, '/api/client/crypto-payments');
      expect(res.statusCode).toBe(201);
      const { payment } = res.json<{ payment: { id: string; amount: string; currency: string; targetCrypto: string; address: string } }>();
      expect(payment).toMatchObject({ amount: '12.34', currency: 'USD', targetCrypto: 'ETH', address: expect.stringMatching(/^0x[0-9a-f]{40}$/) });
      const [row] = await db.query<{ amount_minor: string }[]>(`SELECT amount_minor FROM crypto_payments WHERE id = $1`, [payment.id]);
      expect(row?.amount_minor).toBe('1234');
    });

    it.each([
      ['no amount', { amount: undefined }, 'amount', 'Amount is required'],
      ['{ amount: 0 }', { amount: 0 }, 'amount', 'Amount must be a number greater than 0 with at most 2 decimals'],
      ['{ amount: -5 }', { amount: -5 }, 'amount', 'Amount must be a number greater than 0 with at most 2 decimals'],
      ['{ amount: 10.555 }', { amount: 10.555 }, 'amount', 'Amount must be a number greater than 0 with at most 2 decimals'],
      ['{ amount: "100" }', { amount: '100' }, 'amount', 'Amount must be a number greater than 0 with at most 2 decimals'],
      ['no customer email', { customerEmail: undefined }, 'customerEmail', 'Customer email is required'],
      ['{ customerEmail: "" }', { customerEmail: '' }, 'customerEmail', 'Customer email is required'],
      ['{ customerEmail: "nope" }', { customerEmail: 'nope' }, 'customerEmail', 'Invalid email address'],
      ['{ currency: "XYZ" }', { currency: 'XYZ' }, 'currency', 'Currency must be one of EUR, USD, GBP'],
      ['{ targetCrypto: "DOGE" }', { targetCrypto: 'DOGE' }, 'targetCrypto', 'Target crypto must be one of BTC, ETH, USDT'],
      ['a misspelt field', { custmerName: 'Ann' }, 'custmerName', 'Unrecognized key: "custmerName"'],
    ])('refuses %s with 400 naming the field, recording nothing', async (_label, change, field, message) => {
      const before = await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM events WHERE type = 'CryptoPaymentCreated'`);
      const res = await create({ ...CRYPTO_PAYMENT, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: unknown[] }>().errors).toEqual([{ field, message }]);
      expect(await db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'CryptoPaymentCreated'`)).toEqual(before);
    });

    it.each([{ orderId: '' }, { orderId: '   ' }, { orderId: undefined }, { orderId: null }])('an empty order ID (%j) becomes order_<timestamp of creation>', async (change) => {
      clock.set(T0);
      const payment = await createCryptoPayment(t, token, change);
      expect(payment.orderId).toBe(`order_${T0.getTime()}`);
    });

    it('locks the rate at creation: later minutes quote other rates, the payment keeps its own', async () => {
      clock.set(T0);
      const payment = await createCryptoPayment(t, token);
      let later = T0;
      for (let i = 1; (await rateAt(later)).rate === Number(payment.exchangeRate); i++) later = new Date(T0.getTime() + i * MINUTE);
      const detail = (await get(`/api/crypto-payments/${payment.id}`)).json<typeof payment>();
      expect(detail).toMatchObject({ exchangeRate: payment.exchangeRate, cryptoAmount: payment.cryptoAmount, amount: '1000.00' });
      const listed = (await get('/api/crypto-payments?environment=staging')).json<{ cryptoTransactions: (typeof payment)[] }>().cryptoTransactions.find((p) => p.id === payment.id);
      expect(listed).toMatchObject({ exchangeRate: payment.exchangeRate, cryptoAmount: payment.cryptoAmount });
    });
  });

  describe('history and detail', () => {
    it('lists the merchant\'s own payments of the environment, newest first, 20 by default, at most ?limit=', async () => {
      const a = await registerMerchant(t);
      const b = await registerMerchant(t);
      const ids: string[] = [];
      for (let i = 0; i < 21; i++) {
        clock.set(new Date(T0.getTime() + i * 1000));
        ids.push((await createCryptoPayment(t, a.token, { orderId: `a-${i}` })).id);
      }
      const bOwn = await createCryptoPayment(t, b.token);
      const aProduction = await createCryptoPayment(t, a.token, { environment: 'production' });
      const newestFirst = [...ids].reverse();

      const all = (await get('/api/crypto-payments?environment=staging', a.token)).json<{ cryptoTransactions: { id: string; merchantId: string; fiatAmount: string; fiatCurrency: string; cryptoCurrency: string; customerEmail: string }[] }>();
      expect(all.cryptoTransactions.map((p) => p.id)).toEqual(newestFirst.slice(0, 20));
      expect(all.cryptoTransactions[0]).toMatchObject({ merchantId: a.merchant.id, fiatAmount: '1000.00', fiatCurrency: 'EUR', cryptoCurrency: 'BTC', customerEmail: 'mario.rossi@example.com' });
      expect((await get('/api/crypto-payments?environment=staging&limit=2', a.token)).json<{ cryptoTransactions: { id: string }[] }>().cryptoTransactions.map((p) => p.id)).toEqual(newestFirst.slice(0, 2));
      expect((await get('/api/client/crypto-payments?environment=production', a.token)).json<{ cryptoTransactions: { id: string }[] }>().cryptoTransactions.map((p) => p.id)).toEqual([aProduction.id]);
      expect((await get('/api/crypto-payments?environment=staging', b.token)).json<{ cryptoTransactions: { id: string }[] }>().cryptoTransactions.map((p) => p.id)).toEqual([bOwn.id]);
      expect((await get('/api/crypto-payments?limit=0', a.token)).statusCode).toBe(400);
      // A filter the list does not have is refused rather than answered with everything.
      expect((await get('/api/client/crypto-payments?status=failed', a.token)).json()).toMatchObject({ statusCode: 400, errors: [{ field: 'status' }] });
    });

    it('shows a payment as JSON to its merchant only: another merchant, an unknown id, a malformed id are 404', async () => {
      const a = await registerMerchant(t);
      const b = await registerMerchant(t);
      const payment = await createCryptoPayment(t, a.token);
      const own = await get(`/api/crypto-payments/${payment.id}`, a.token);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual((await get('/api/crypto-payments?environment=staging', a.token)).json<{ cryptoTransactions: unknown[] }>().cryptoTransactions[0]);
      for (const [id, as] of [[payment.id, b.token], ['6f1c3a9e-2a8e-4d4f-9b43-4a4fb1c2d3e4', a.token], ['not-a-uuid', a.token]] as const) {
        const res = await get(`/api/crypto-payments/${id}`, as);
        expect([id, res.statusCode, res.json<{ message: string }>().message]).toEqual([id, 404, 'Crypto payment not found']);
      }
    });

    it('an API key acts in its own environment', async () => {
      const a = await registerMerchant(t);
      const key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(a.token) })).json<{ key: string }>().key;
      const created = await t.request({ method: 'POST', url: '/api/client/crypto-payments', payload: { ...CRYPTO_PAYMENT, environment: undefined }, headers: bearer(key) });
      expect(created.statusCode).toBe(201);
      expect(created.json<{ payment: { environment: string } }>().payment.environment).toBe('staging');
      expect((await t.request({ method: 'GET', url: '/api/crypto-payments?environment=production', headers: bearer(key) })).statusCode).toBe(403);
    });
  });
});
