import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant, registerUser } from './support/auth.js';

describe('payment methods: add, configure, list (the merchant\'s own only)', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof registerMerchant>>;
  let b: Awaited<ReturnType<typeof registerMerchant>>;
  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = await Promise.all([registerMerchant(t), registerMerchant(t)]);
  });
  afterAll(() => t.close());

  const add = (token: string, payload: unknown) => t.request({ method: 'POST', url: '/api/payment-methods', headers: bearer(token), payload: payload as object });
  const patch = (token: string, id: string, payload: unknown) => t.request({ method: 'PATCH', url: `/api/payment-methods/${id}`, headers: bearer(token), payload: payload as object });
  const list = (token: string) => t.request({ method: 'GET', url: '/api/payment-methods', headers: bearer(token) });

  it('adds methods with the spec fees of their type by default, or their own; lists them oldest first', async () => {
    const { token } = await registerMerchant(t);
    const card = await add(token, { name: 'Corporate cards', type: 'credit_card' });
    expect(card.statusCode).toBe(201);
    expect(card.json()).toEqual({ id: expect.any(String), name: 'Corporate cards', type: 'credit_card', isActive: true, processingFee: 2.9, fixedFee: '0.30', createdAt: expect.any(String), updatedAt: expect.any(String) });
    const bank = (await add(token, { name: 'SEPA', type: 'bank_transfer' })).json();
    expect(bank).toMatchObject({ processingFee: 0, fixedFee: '0.80' });
    const wallet = (await add(token, { name: 'Wallets', type: 'digital_wallet' })).json();
    expect(wallet).toMatchObject({ processingFee: 3.4, fixedFee: '0.30' });
    const own = (await add(token, { name: 'Partner cards', type: 'credit_card', processingFee: 1.95, fixedFee: '0.05', isActive: false })).json();
    expect(own).toMatchObject({ processingFee: 1.95, fixedFee: '0.05', isActive: false });
    expect((await list(token)).json().map((m: { name: string }) => m.name)).toEqual(['Corporate cards', 'SEPA', 'Wallets', 'Partner cards']);
  });

  it('configures a method: only what changed is recorded, the answer and the list show it', async () => {
    const { id } = (await add(a.token, { name: 'Cards', type: 'credit_card' })).json();
    const res = await patch(a.token, id, { isActive: false, fixedFee: 0.25, name: 'Cards' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Cards', isActive: false, processingFee: 2.9, fixedFee: '0.25' });
    const events = await t.app.get(DataSource).query<{ type: string; data: { changes?: object } }[]>(`SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_version`, [`payment_method-${id}`]);
    expect(events.map((e) => e.type)).toEqual(['PaymentMethodAdded', 'PaymentMethodConfigured']);
    expect(events[1]?.data.changes).toEqual({ isActive: false, fixedFeeMinor: 25 });
    expect((await list(a.token)).json()).toContainEqual(expect.objectContaining({ id, isActive: false, fixedFee: '0.25' }));
  });

  it("never shows or changes another merchant's method: its id is 404 and it stays as it was", async () => {
    const { id } = (await add(a.token, { name: 'Mine', type: 'digital_wallet' })).json();
    expect((await list(b.token)).json()).not.toContainEqual(expect.objectContaining({ id }));
    const res = await patch(b.token, id, { isActive: false });
    expect([res.statusCode, res.json().message]).toEqual([404, 'Payment method not found']);
    expect((await list(a.token)).json()).toContainEqual(expect.objectContaining({ id, isActive: true }));
    expect((await patch(a.token, randomUUID(), { isActive: false })).statusCode).toBe(404);
    expect((await patch(a.token, 'not-a-uuid', { isActive: false })).statusCode).toBe(404);
  });

  it.each([
    [{ type: 'credit_card' }, 'name', 'Name is required'],
    [{ name: '   ', type: 'credit_card' }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(101), type: 'credit_card' }, 'name', 'Name must be at most 100 characters'],
    [{ name: 'Cheques', type: 'cheque' }, 'type', 'Type must be one of credit_card, bank_transfer, digital_wallet'],
    [{ name: 'Cheques' }, 'type', 'Type is required'],
    [{ name: 'Cards', type: 'credit_card', processingFee: -1 }, 'processingFee', 'Processing fee must be a percentage from 0 to 100 with at most two decimals'],
    [{ name: 'Cards', type: 'credit_card', processingFee: 101 }, 'processingFee', 'Processing fee must be a percentage from 0 to 100 with at most two decimals'],
    [{ name: 'Cards', type: 'credit_card', processingFee: 1.234 }, 'processingFee', 'Processing fee must be a percentage from 0 to 100 with at most two decimals'],
    [{ name: 'Cards', type: 'credit_card', processingFee: '2.9' }, 'processingFee', 'Processing fee must be a percentage from 0 to 100 with at most two decimals'],
    [{ name: 'Cards', type: 'credit_card', processingFee: 1e-7 }, 'processingFee', 'Processing fee must be a percentage from 0 to 100 with at most two decimals'],
    [{ name: 'Cards', type: 'credit_card', processingFee: 2.9000004 }, 'processingFee', 'Processing fee must be a percentage from 0 to 100 with at most two decimals'],
    [{ name: 'Cards', type: 'credit_card', fixedFee: '-1' }, 'fixedFee', 'Fixed fee must be an amount from 0.00 to 1000.00 with at most two decimals'],
    [{ name: 'Cards', type: 'credit_card', fixedFee: '0.301' }, 'fixedFee', 'Fixed fee must be an amount from 0.00 to 1000.00 with at most two decimals'],
    [{ name: 'Cards', type: 'credit_card', isActive: 'yes' }, 'isActive', 'isActive must be true or false'],
  ])('POST %j → 400 naming %s', async (payload, field, message) => {
    const res = await add(a.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    // Said once, even where two checks of the field fail (below 0, and not a percentage as written).
    expect(res.json<{ errors: { field: string }[] }>().errors.filter((error) => error.field === field)).toHaveLength(1);
  });

  it.each(['/api/payment-methods', '/api/merchants/stats', '/api/merchants/current', '/api/merchants/api-keys'])(
    'GET %s, which takes no parameters, refuses one (a misspelt filter is not silently ignored)',
    async (url) => {
      expect((await t.request({ method: 'GET', url, headers: bearer(a.token) })).statusCode).toBe(200);
      const res = await t.request({ method: 'GET', url: `${url}?enviroment=production`, headers: bearer(a.token) });
      expect([res.statusCode, res.json().errors]).toEqual([400, [{ field: 'enviroment', message: 'Unrecognized key: "enviroment"' }]]);
      // Signed out is still 401 first.
      expect((await t.request({ method: 'GET', url: `${url}?enviroment=production` })).statusCode).toBe(401);
    },
  );

  it('PATCH with nothing to change, an unknown field or a bad fee → 400', async () => {
    const { id } = (await add(a.token, { name: 'Cards', type: 'credit_card' })).json();
    for (const payload of [{}, { type: 'bank_transfer' }, { processingFee: -1 }]) {
      const res = await patch(a.token, id, payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), 400]);
    }
    expect((await patch(a.token, id, {})).json().message).toBe('Send at least one of name, isActive, processingFee, fixedFee');
  });

  it('a user without a merchant account gets 404 Merchant account not found', async () => {
    const { token } = await registerUser(t);
    expect((await list(token)).statusCode).toBe(404);
    expect((await add(token, { name: 'Cards', type: 'credit_card' })).json().message).toBe('Merchant account not found');
  });
});

describe('client API: currencies and documentation (JWT or secret API key)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers currencies and the OpenAPI links to a JWT and to an sk_test_ key (in its environment), 401 without either', async () => {
    const { token } = await registerMerchant(t);
    const key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json().key as string;
    for (const credential of [token, key]) {
      const currencies = await t.request({ method: 'GET', url: '/api/client/currencies', headers: bearer(credential) });
      expect(currencies.statusCode).toBe(200);
      expect(currencies.json().fiatCurrencies.map((c: { code: string }) => c.code)).toEqual(['EUR', 'USD', 'GBP']);
      expect(currencies.json().cryptoCurrencies.map((c: { code: string }) => c.code)).toEqual(['BTC', 'ETH', 'USDT']);
    }
    // The links are at PUBLIC_URL, as every other link the API gives: a forged Host header does not move them.
    const viaKey = await t.request({ method: 'GET', url: '/api/client/documentation', headers: { ...bearer(key), host: 'evil.example' } });
    const base = t.config.publicUrl;
    expect(viaKey.json()).toMatchObject({ version: '1.0', environment: 'staging', openApi: { json: `${base}/api/documentation-json`, ui: `${base}/api/documentation` } });
    const viaJwt = await t.request({ method: 'GET', url: '/api/client/documentation', headers: bearer(token) });
    expect(viaJwt.json().environment).toBe('production');
    const openApi = await t.request({ method: 'GET', url: new URL(viaJwt.json().openApi.json as string).pathname });
    expect(openApi.json().paths['/api/client/documentation']).toBeDefined();
    expect((await t.request({ method: 'GET', url: '/api/client/currencies' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/client/currencies?environment=production', headers: bearer(key) })).statusCode).toBe(403);
  });
});
