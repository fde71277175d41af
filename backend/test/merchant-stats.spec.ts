import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { cardToken, CARDS, completedPayment, createPayment, pay } from './support/payments.js';

/** GET /api/merchants/stats and /api/client/stats, fed by payments made through the real flow. */
describe('merchant stats', () => {
  let t: TestApp;
  let merchant: Awaited<ReturnType<typeof registerMerchant>>;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    merchant = await registerMerchant(t);
    // The sample payments (support/payments.ts) are staging ones: the dashboard shows staging.
    expect((await switchTo('staging')).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const stats = (token = merchant.token, url = '/api/merchants/stats') => t.request({ method: 'GET', url, headers: bearer(token) });
  const refund = (id: string, amount?: number) =>
    t.request({ method: 'POST', url: `/api/transactions/${id}/refund`, headers: bearer(merchant.token), ...(amount ? { payload: { amount } } : {}) });
  const switchTo = (environment: string) => t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(merchant.token), payload: { environment } });
  const ZERO = { currency: null, totalRevenue: 0, totalTransactions: 0, successRate: 0, avgTransactionAmount: 0, byCurrency: [] };

  const STAGING_GBP = { currency: 'GBP', totalRevenue: 55, totalTransactions: 4, successRate: 75, avgTransactionAmount: 56.67 };
  const STAGING_JPY = { currency: 'JPY', totalRevenue: 700, totalTransactions: 1, successRate: 100, avgTransactionAmount: 700 };

  it('after a mix of outcomes and refunds: completed minus refunded, completed ÷ attempted, in the busiest currency', async () => {
    expect((await stats()).json()).toEqual({ ...ZERO, environment: 'staging' });
    const full = await completedPayment(t, merchant.token, { amount: 10000 });
    const partial = await completedPayment(t, merchant.token, { amount: 5000 });
    await completedPayment(t, merchant.token, { amount: 2000 });
    const declined = await createPayment(t, merchant.token, { amount: 3000 });
    expect((await pay(t, declined, await cardToken(t, CARDS.decline))).json()).toMatchObject({ status: 'failed' });
    await createPayment(t, merchant.token, { amount: 9900 }); // never paid: not a transaction yet
    await completedPayment(t, merchant.token, { amount: 700, currency: 'JPY' });
    expect((await refund(full)).statusCode).toBe(200);
    expect((await refund(partial, 1500)).statusCode).toBe(200);

    const res = await stats();
    expect(res.statusCode).toBe(200);
    // GBP: 17000 completed − 11500 refunded = 55.00; 3 of 4 attempts completed; 17000 / 3 = 56.67.
    expect(res.json()).toEqual({ ...STAGING_GBP, environment: 'staging', byCurrency: [STAGING_GBP, STAGING_JPY] });
  });

  it('shows the current environment only: production starts at zero, staging keeps its figures', async () => {
    expect((await switchTo('production')).statusCode).toBe(200);
    expect((await stats()).json()).toEqual({ ...ZERO, environment: 'production' });
    await completedPayment(t, merchant.token, { amount: 1234, currency: 'EUR', environment: 'production' });
    const production = { currency: 'EUR', totalRevenue: 12.34, totalTransactions: 1, successRate: 100, avgTransactionAmount: 12.34 };
    expect((await stats()).json()).toEqual({ ...production, environment: 'production', byCurrency: [production] });
    expect((await switchTo('staging')).statusCode).toBe(200);
    expect((await stats()).json()).toMatchObject({ ...STAGING_GBP, environment: 'staging' });
  });

  it('another merchant sees zeros', async () => {
    const other = await registerMerchant(t);
    expect((await stats(other.token)).json()).toEqual({ ...ZERO, environment: other.merchant.environment });
  });

  it('the client API answers the same figures: an sk_ key fixes its environment whatever the dashboard shows', async () => {
    const rotate = (environment: string) => t.request({ method: 'POST', url: `/api/merchants/api-keys/${environment}/rotate`, headers: bearer(merchant.token) });
    const testKey = (await rotate('staging')).json<{ key: string }>().key;
    const liveKey = (await rotate('production')).json<{ key: string }>().key;
    expect((await switchTo('production')).statusCode).toBe(200);
    expect((await stats(testKey, '/api/client/stats')).json()).toEqual({ ...STAGING_GBP, environment: 'staging', byCurrency: [STAGING_GBP, STAGING_JPY] });
    expect((await stats(liveKey, '/api/client/stats')).json()).toMatchObject({ currency: 'EUR', totalRevenue: 12.34, environment: 'production' });
    // A session sees its current environment, as the dashboard does.
    expect((await stats(merchant.token, '/api/client/stats')).json()).toMatchObject({ currency: 'EUR', environment: 'production' });
    expect((await t.request({ method: 'GET', url: '/api/client/stats' })).statusCode).toBe(401);
  });
});
