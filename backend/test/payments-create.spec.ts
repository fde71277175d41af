import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';

const body = {
  amount: 10000,
  currency: 'gbp',
  customerEmail: 'ann@example.com',
  customerName: 'Ann Smith',
  orderId: 'order-1',
  paymentMethod: 'credit_card',
  environment: 'staging',
};

describe('creating payments (POST /api/client/payments and its aliases)', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const create = (token: string, payload: object, url = '/api/client/payments', headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url, payload, headers: { ...bearer(token), ...headers } });
  const eventsOf = async (type: string, paymentId: string) =>
    (await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM events WHERE type = $1 AND stream_id = $2`, [type, `payment-${paymentId}`]))[0]?.n;

  it('answers 201 with the documented shape: amount as a decimal string, status pending, a payment URL', async () => {
    const { token, merchant } = await registerMerchant(t);
    const res = await create(token, body);
    expect(res.statusCode).toBe(201);
    const payment = res.json();
    expect(payment).toMatchObject({
      merchantId: merchant.id,
      amount: '100.00',
      currency: 'GBP',
      status: 'pending',
      customerEmail: 'ann@example.com',
      customerName: 'Ann Smith',
      orderId: 'order-1',
      paymentMethod: 'credit_card',
      environment: 'staging',
    });
    expect(payment.paymentUrl).toBe(`${t.config.publicUrl}/pay/${payment.id}`);
    // What the developers page's Quick Start samples read: `if (success && redirectUrl)` send the customer there.
    expect([payment.success, payment.redirectUrl]).toEqual([true, payment.paymentUrl]);
    expect(await eventsOf('PaymentCreated', payment.id)).toBe(1);
    const row = (await db.query<{ amount_minor: string }[]>(`SELECT amount_minor FROM payments WHERE id = $1`, [payment.id]))[0];
    expect(row?.amount_minor).toBe('10000');
  });

  it.each(['/api/payments', '/api/payments/create'])('%s is the same handler', async (url) => {
    const { token } = await registerMerchant(t);
    const res = await create(token, body, url);
    expect(res.statusCode).toBe(201);
    // The create answer is the payment as the GET answers it, plus what the Quick Start samples read.
    const { success, redirectUrl, ...payment } = res.json<Record<string, unknown>>();
    expect([success, redirectUrl]).toEqual([true, payment.paymentUrl]);
    const got = await t.request({ method: 'GET', url: `/api/payments/${String(payment.id)}`, headers: bearer(token) });
    expect(got.json()).toEqual(payment);
  });

  it('formats amounts by the currency exponent (JPY has none)', async () => {
    const { token } = await registerMerchant(t);
    expect((await create(token, { ...body, amount: 1500, currency: 'JPY' })).json().amount).toBe('1500');
  });

  it.each([
    [{ amount: 0 }, 'amount', 'Amount must be greater than 0'],
    [{ amount: 10.5 }, 'amount', 'Amount must be an integer number of minor units'],
    [{ amount: '100' }, 'amount', 'Amount must be an integer number of minor units'],
    [{ currency: 'EURO' }, 'currency', 'Currency must be a 3-letter ISO code'],
    [{ currency: 'XYZ' }, 'currency', 'Currency XYZ is not an ISO 4217 currency'],
    [{ customerEmail: 'nope' }, 'customerEmail', 'Invalid email address'],
    [{ paymentMethod: 'cheque' }, 'paymentMethod', 'Payment method must be credit_card, bank_transfer or digital_wallet'],
    [{ orderId: ' ' }, 'orderId', 'Order ID is required'],
    [{ returnUrl: 'javascript:alert(1)' }, 'returnUrl', 'Return URL must be an http(s) URL'],
    // A misspelt field once made a payment without it: here, a customer never sent back to the shop.
    [{ returnURL: 'https://shop.example/done' }, 'returnURL', 'Unrecognized key: "returnURL"'],
  ])('refuses %j with 400 naming the field', async (change, field, message) => {
    const { token } = await registerMerchant(t);
    const res = await create(token, { ...body, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message }]);
  });

  it('a session without a merchant account gets 404, no payment', async () => {
    const { token } = await registerMerchant(t);
    const other = await t.request({ method: 'POST', url: '/api/auth/register', payload: { email: `u-${Date.now()}@example.test`, password: 'correct-horse-battery', firstName: 'A', lastName: 'B' } });
    expect((await create(other.json().token, body)).statusCode).toBe(404);
    expect((await create(token, body)).statusCode).toBe(201);
  });

  describe('Idempotency-Key', () => {
    it('the same key and body answers the first payment and records nothing new', async () => {
      const { token } = await registerMerchant(t);
      const first = await create(token, body, '/api/client/payments', { 'idempotency-key': 'order-1-try' });
      const again = await create(token, body, '/api/client/payments', { 'idempotency-key': 'order-1-try' });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(await eventsOf('PaymentCreated', first.json().id)).toBe(1);
      expect((await t.request({ method: 'GET', url: '/api/client/payments?environment=staging', headers: bearer(token) })).json().data).toHaveLength(1);
    });

    it('the same key with a different body is 422, and nothing is recorded', async () => {
      const { token } = await registerMerchant(t);
      const first = await create(token, body, '/api/client/payments', { 'idempotency-key': 'k-422' });
      const other = await create(token, { ...body, amount: 999 }, '/api/client/payments', { 'idempotency-key': 'k-422' });
      expect(other.statusCode).toBe(422);
      expect(other.json().message).toBe('Idempotency-Key was already used with a different request body');
      expect(await eventsOf('PaymentCreated', first.json().id)).toBe(1);
    });

    it('10 concurrent requests with one key make one payment and all answer it', async () => {
      const { token } = await registerMerchant(t);
      const answers = await Promise.all(Array.from({ length: 10 }, () => create(token, body, '/api/client/payments', { 'idempotency-key': 'burst' })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(10).fill(201));
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      expect((await t.request({ method: 'GET', url: '/api/client/payments?environment=staging', headers: bearer(token) })).json().data).toHaveLength(1);
    });

    it('keys are per merchant: two merchants may use the same key', async () => {
      const a = await registerMerchant(t);
      const b = await registerMerchant(t);
      const first = await create(a.token, body, '/api/client/payments', { 'idempotency-key': 'shared' });
      const second = await create(b.token, body, '/api/client/payments', { 'idempotency-key': 'shared' });
      expect(second.statusCode).toBe(201);
      expect(second.json().id).not.toBe(first.json().id);
    });

    it('a key that is not 1-255 printable characters is 400', async () => {
      const { token } = await registerMerchant(t);
      expect((await create(token, body, '/api/client/payments', { 'idempotency-key': 'x'.repeat(256) })).statusCode).toBe(400);
    });
  });

  describe('listing and reading', () => {
    it('lists newest first with a cursor, and reads one', async () => {
      const { token } = await registerMerchant(t);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await create(token, { ...body, orderId: `o-${i}` })).json().id);
      const page1 = (await t.request({ method: 'GET', url: '/api/client/payments?limit=2&environment=staging', headers: bearer(token) })).json();
      expect(page1.data.map((p: { id: string }) => p.id)).toEqual([ids[4], ids[3]]);
      const page2 = (await t.request({ method: 'GET', url: `/api/client/payments?environment=staging&limit=2&cursor=${page1.nextCursor}`, headers: bearer(token) })).json();
      const page3 = (await t.request({ method: 'GET', url: `/api/client/payments?environment=staging&limit=2&cursor=${page2.nextCursor}`, headers: bearer(token) })).json();
      expect([...page2.data, ...page3.data].map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1], ids[0]]);
      expect(page3.nextCursor).toBeNull();
      const one = await t.request({ method: 'GET', url: `/api/client/payments/${ids[0]}`, headers: bearer(token) });
      expect(one.json()).toMatchObject({ id: ids[0], orderId: 'o-0', amount: '100.00', refundedAmount: '0.00' });
    });

    it('a garbled cursor is 400, an unknown id 404', async () => {
      const { token } = await registerMerchant(t);
      expect((await t.request({ method: 'GET', url: '/api/client/payments?cursor=garbage', headers: bearer(token) })).statusCode).toBe(400);
      const crafted = Buffer.from('2026|5b20a795-8cd5-4c78-80c9-7e96793feb12').toString('base64url');
      expect((await t.request({ method: 'GET', url: `/api/client/payments?cursor=${crafted}`, headers: bearer(token) })).json()).toMatchObject({ statusCode: 400, message: 'Invalid cursor' });
      expect((await t.request({ method: 'GET', url: '/api/client/payments?status=failed', headers: bearer(token) })).json()).toMatchObject({ statusCode: 400, errors: [{ field: 'status' }] });
      expect((await t.request({ method: 'GET', url: '/api/client/payments/not-a-uuid', headers: bearer(token) })).statusCode).toBe(404);
    });
  });
});

describe('production without a gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GATEWAY_MODE: 'live', GATEWAY_URL: '', GATEWAY_PRIVATE_KEY: '' });
  });
  afterAll(() => t.close());

  it('refuses production payments with 503 Payment gateway not configured; staging still works', async () => {
    const { token } = await registerMerchant(t);
    const production = await t.request({ method: 'POST', url: '/api/client/payments', payload: { ...body, environment: 'production' }, headers: bearer(token) });
    expect(production.statusCode).toBe(503);
    expect(production.json().message).toBe('Payment gateway not configured');
    const staging = await t.request({ method: 'POST', url: '/api/client/payments', payload: body, headers: bearer(token) });
    expect(staging.statusCode).toBe(201);
  });
});
