import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import type { Environment } from '@tallyline/contracts';
import type { PaymentCreateInput } from '../src/payments/create-payment/create-payment.command.js';
import { DataSource } from 'typeorm';
import { CreatePayment } from '../src/payments/index.js';
import { systemContext } from '../src/platform/commands/command-context.js';
import { DailyAttempted1700000001460 } from '../src/platform/database/migrations/1700000001460-daily-attempted.js';
import { ProjectionRebuilder } from '../src/platform/projections/rebuild/projection-rebuilder.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { caughtUp } from './support/caught-up.js';
import { cardToken, CARDS, pay } from './support/payments.js';

const DAY_MS = 86_400_000;
const BASE = { amount: 10000, currency: 'GBP', customerEmail: 'ann@example.com', customerName: 'Ann Smith', paymentMethod: 'credit_card' } as const;
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** GET /api/merchants/analytics: the analytics tab's series and shares, fed by payments made on several days. */
describe('merchant analytics', () => {
  let t: TestApp;
  let merchant: Awaited<ReturnType<typeof registerMerchant>>;
  let n = 0;

  /** A payment created `daysAgo` days ago (the seed's way of backdating), paid now with `card` unless null. */
  async function paymentOn(daysAgo: number, card: string | null, input: Partial<PaymentCreateInput> = {}, environment: Environment = 'staging'): Promise<string> {
    n += 1;
    const command = new CreatePayment(
      merchant.merchant.id,
      environment,
      { ...BASE, orderId: `order-${n}`, description: null, returnUrl: null, customerCountry: null, ...input },
      null,
      systemContext('analytics-test', new Date(Date.now() - daysAgo * DAY_MS)),
    );
    const { paymentId } = await t.app.get(CommandBus).execute<CreatePayment, { paymentId: string }>(command);
    if (card) expect((await pay(t, paymentId, await cardToken(t, card))).statusCode).toBe(200);
    return paymentId;
  }

  const analytics = (query = '', token = merchant.token) => t.request({ method: 'GET', url: `/api/merchants/analytics${query}`, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    merchant = await registerMerchant(t);
    expect((await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(merchant.token), payload: { environment: 'staging' } })).statusCode).toBe(200);
    await paymentOn(3, CARDS.approve, { amount: 10000, customerCountry: 'GB' });
    const partial = await paymentOn(3, CARDS.approve, { amount: 5000, paymentMethod: 'digital_wallet', customerCountry: 'FR' });
    await paymentOn(1, CARDS.decline, { amount: 3000 });
    await paymentOn(1, CARDS.approve, { amount: 700, currency: 'EUR', paymentMethod: 'bank_transfer', customerCountry: 'DE' });
    await paymentOn(0, CARDS.approve, { amount: 2000, customerCountry: 'GB' });
    await paymentOn(0, null, { amount: 9900, customerCountry: 'GB' }); // abandoned: created, never paid
    await paymentOn(40, CARDS.approve, { amount: 8000, customerCountry: 'GB' });
    await paymentOn(2, CARDS.approve, { amount: 99999, customerCountry: 'GB' }, 'production');
    const refund = await t.request({ method: 'POST', url: `/api/transactions/${partial}/refund`, headers: bearer(merchant.token), payload: { amount: 1500 } });
    expect(refund.statusCode).toBe(200);
    await caughtUp(t);
  });
  afterAll(() => t.close());

  const EXPECTED_30 = {
    environment: 'staging',
    days: 30,
    from: isoDay(29),
    to: isoDay(0),
    // GBP has 5 of the 6 payments. 10000 + 5000 − 1500 refunded + 2000 = 155.00; the decline and the abandoned one add nothing.
    currency: 'GBP',
    totalRevenue: 155,
    totalTransactions: 6,
    paymentMethods: [
      { key: 'credit_card', transactions: 4, share: 66.7 },
      { key: 'bank_transfer', transactions: 1, share: 16.7 },
      { key: 'digital_wallet', transactions: 1, share: 16.7 },
    ],
    countries: [
      { key: 'GB', transactions: 3, share: 50 },
      { key: 'DE', transactions: 1, share: 16.7 },
      { key: 'FR', transactions: 1, share: 16.7 },
      { key: null, transactions: 1, share: 16.7 },
    ],
  };

  it('gives every day of the period, oldest first, with revenue in the busiest currency and volume in all', async () => {
    const res = await analytics('?days=30');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ daily: { date: string }[] }>();
    expect(body).toMatchObject(EXPECTED_30);
    expect(body.daily).toHaveLength(30);
    expect(body.daily[0]?.date).toBe(isoDay(29));
    const day = (daysAgo: number) => body.daily.find((d) => d.date === isoDay(daysAgo));
    expect(day(3)).toEqual({ date: isoDay(3), revenue: 135, transactions: 2, completed: 2, inCurrency: { attempted: 2, completed: 2, completedAmount: 150 } });
    // The EUR payment counts in the volume, not in the GBP figures; the decline is a transaction that never completed.
    expect(day(1)).toEqual({ date: isoDay(1), revenue: 0, transactions: 2, completed: 1, inCurrency: { attempted: 1, completed: 0, completedAmount: 0 } });
    // The abandoned payment never reached the gateway: created, not attempted.
    expect(day(0)).toEqual({ date: isoDay(0), revenue: 20, transactions: 2, completed: 1, inCurrency: { attempted: 1, completed: 1, completedAmount: 20 } });
    const nothing = { date: isoDay(2), revenue: 0, transactions: 0, completed: 0, inCurrency: { attempted: 0, completed: 0, completedAmount: 0 } };
    expect(day(2)).toEqual(nothing); // the production payment is not here
  });

  it('defaults to 30 days and widens with days', async () => {
    expect((await analytics()).json()).toMatchObject(EXPECTED_30);
    const wide = (await analytics('?days=60')).json<{ totalRevenue: number; totalTransactions: number; daily: unknown[] }>();
    expect([wide.totalRevenue, wide.totalTransactions, wide.daily.length]).toEqual([235, 7, 60]);
  });

  it('shows the current environment only, and nothing of another merchant', async () => {
    const other = await registerMerchant(t);
    const res = await analytics('?days=7', other.token);
    expect(res.json()).toMatchObject({ currency: null, totalRevenue: 0, totalTransactions: 0, paymentMethods: [], countries: [] });
    expect(res.json<{ daily: { revenue: number }[] }>().daily.every((d) => d.revenue === 0)).toBe(true);
    await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(merchant.token), payload: { environment: 'production' } });
    expect((await analytics('?days=7')).json()).toMatchObject({ environment: 'production', currency: 'GBP', totalRevenue: 999.99, totalTransactions: 1 });
    await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(merchant.token), payload: { environment: 'staging' } });
  });

  it.each(['?days=0', '?days=367', '?days=1.5', '?days=abc', '?days=1e2', '?days=0x10', '?days=30&currency=GBP'])('refuses %s with 400', async (query) => {
    const res = await analytics(query);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/stack|at \//);
  });

  it('needs a merchant session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/merchants/analytics' })).statusCode).toBe(401);
  });

  const tables = { payment_stat_facts: 'payment_id', payment_stats: 'merchant_id, environment, currency', payment_daily_stats: 'merchant_id, environment, day, currency, payment_method, country' };
  const snapshot = async () => Promise.all(Object.entries(tables).map(([table, key]) => t.app.get(DataSource).query(`SELECT * FROM ${table} ORDER BY ${key}`)));
  const answers = async () => [(await analytics('?days=60')).json(), (await t.request({ method: 'GET', url: '/api/merchants/stats', headers: bearer(merchant.token) })).json()];

  it('a database upgraded from before the daily attempted count gets the rollup a replay would give', async () => {
    const before = await snapshot();
    expect(before[2].some((row: { attempted: number }) => row.attempted > 0)).toBe(true);
    const runner = t.app.get(DataSource).createQueryRunner();
    try {
      const upgrade = new DailyAttempted1700000001460();
      await upgrade.down(runner);
      await upgrade.up(runner);
    } finally {
      await runner.release();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a replay of the payment-stats projection gives the same counters, rollup and answers', async () => {
    const before = { tables: await snapshot(), answers: await answers() };
    expect(before.tables[2]).not.toHaveLength(0);
    await t.app.get(ProjectionRebuilder).rebuild(['payment-stats'], { chunkSize: 3 });
    await caughtUp(t);
    expect({ tables: await snapshot(), answers: await answers() }).toEqual(before);
  });
});
