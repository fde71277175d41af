import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { PaymentEvent } from '../src/payments/payment.events.js';
import { EventStore } from '../src/platform/event-store/event-store.port.js';
import { streamNames } from '../src/platform/event-store/stream-names.js';
import { ProjectionRebuilder } from '../src/platform/projections/rebuild/projection-rebuilder.js';
import { SandboxGatewayStore } from '../src/sandbox-gateway/sandbox-gateway.store.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { caughtUp } from './support/caught-up.js';
import { paymentEvents } from './support/given-payments.js';
import { cardToken, completedPayment, createPayment, eventTypes, ipnFor, pay, paymentRow, referencesOf } from './support/payments.js';

/** The sandbox's dispute test card: approved, then the bank disputes the whole sale half a second later. */
const DISPUTE_CARD = '4000000000000259';

/**
 * A dispute withdraws its money from revenue when it opens, as at Stripe: GET /api/merchants/stats,
 * /api/client/stats and /api/merchants/analytics drop by the disputed amount, never below what the
 * refunds left (the gateway disputes the whole sale, even one partly refunded).
 */
describe('disputed payments in the stats and analytics', () => {
  let t: TestApp;
  let db: DataSource;
  let merchant: Awaited<ReturnType<typeof registerMerchant>>;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    db = t.app.get(DataSource);
    merchant = await registerMerchant(t);
    expect((await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(merchant.token), payload: { environment: 'staging' } })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const get = async (url: string) => (await t.request({ method: 'GET', url, headers: bearer(merchant.token) })).json<{ totalRevenue: number; daily?: { revenue: number }[] }>();
  const revenues = async () => {
    await caughtUp(t);
    const analytics = await get('/api/merchants/analytics?days=7');
    return { stats: (await get('/api/merchants/stats')).totalRevenue, client: (await get('/api/client/stats')).totalRevenue, analytics: analytics.totalRevenue, // Summed over the days, not read from today's, so a run across midnight still finds it.
    daily: analytics.daily?.reduce((sum, day) => sum + day.revenue, 0) };
  };
  const everywhere = (revenue: number) => ({ stats: revenue, client: revenue, analytics: revenue, daily: revenue });
  const refund = async (id: string, amount?: number) =>
    expect((await t.request({ method: 'POST', url: `/api/transactions/${id}/refund`, headers: bearer(merchant.token), ...(amount ? { payload: { amount } } : {}) })).statusCode).toBe(200);

  /** The sandbox's bank disputes the payment's sale, and its IPN reaches us: DisputeOpened. */
  async function dispute(paymentId: string): Promise<void> {
    const sale = (await paymentRow(db, paymentId))!.gateway_transaction_id!;
    expect(await t.app.get(SandboxGatewayStore).openDispute(sale, 'fraudulent')).not.toBeNull();
    const [reference] = await referencesOf(db, paymentId, 'attempt');
    expect((await t.request({ method: 'POST', url: '/api/webhooks/sandbox', payload: await ipnFor(db, reference!) })).statusCode).toBe(200);
    expect(await eventTypes(db, paymentId)).toContain('DisputeOpened');
  }

  async function until(check: () => Promise<boolean>): Promise<void> {
    for (let waited = 0; !(await check()); waited += 100) {
      if (waited > 10_000) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('the dispute test card: its whole amount leaves revenue once the bank disputes it', async () => {
    await completedPayment(t, merchant.token, { amount: 700 });
    const disputed = await createPayment(t, merchant.token, { amount: 10000 });
    expect((await pay(t, disputed, await cardToken(t, DISPUTE_CARD))).json()).toMatchObject({ status: 'completed' });
    await until(async () => (await eventTypes(db, disputed)).includes('DisputeOpened'));
    expect(await revenues()).toEqual(everywhere(7));
  });

  it('partly refunded, then disputed: only what the refund left is withdrawn, not the refund a second time', async () => {
    const partial = await completedPayment(t, merchant.token, { amount: 5000 });
    await refund(partial, 1500);
    expect(await revenues()).toEqual(everywhere(7 + 35));
    await dispute(partial);
    // The gateway disputes the whole 50.00; 15.00 had gone back already, so 35.00 more leaves.
    expect(await revenues()).toEqual(everywhere(7));
  });

  it('fully refunded, then disputed: nothing more is withdrawn', async () => {
    const full = await completedPayment(t, merchant.token, { amount: 2000 });
    await refund(full);
    expect(await revenues()).toEqual(everywhere(7));
    await dispute(full);
    expect(await revenues()).toEqual(everywhere(7));
  });

  it('a refund in flight when the dispute opened and completed after it: the payment still never counts below zero', async () => {
    const paymentId = randomUUID();
    const [created, attempted, completed] = paymentEvents({ merchantId: merchant.merchant.id, amountMinor: 4000, outcome: 'completed' }, paymentId);
    const at = new Date().toISOString();
    const refundId = randomUUID();
    const history: PaymentEvent[] = [
      created!,
      attempted!,
      completed!,
      { type: 'RefundRequested', data: { paymentId, refundId, amountMinor: 1000, reference: randomUUID(), at } },
      { type: 'DisputeOpened', data: { paymentId, disputeId: randomUUID(), gatewayTransactionId: `gw-${randomUUID()}`, amountMinor: 4000, reason: 'fraudulent', at } },
      { type: 'RefundCompleted', data: { paymentId, refundId, amountMinor: 1000, gatewayTransactionId: `gw-${randomUUID()}`, at } },
    ];
    const metadata = { actor: { type: 'system' as const, id: 'test' }, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 };
    await t.app.get(EventStore).append(streamNames.payment(paymentId), history.map((event) => ({ ...event, metadata })), 'no_stream');
    expect(await revenues()).toEqual(everywhere(7));
  });

  it('a replay of the payment-stats projection gives the same figures', async () => {
    const before = await revenues();
    await t.app.get(ProjectionRebuilder).rebuild(['payment-stats'], { chunkSize: 2 });
    expect(await revenues()).toEqual(before);
  });
});
