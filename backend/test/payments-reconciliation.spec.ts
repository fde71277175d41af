import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { PaymentGateway } from '../src/payments/gateway/payment-gateway.js';
import { ProcessIpnHandler } from '../src/payments/process-ipn/process-ipn.handler.js';
import { GatewayReconciliation, type ReconciliationReport } from '../src/payments/reconciliation/gateway-reconciliation.js';
import { createTestApp, type TestApp } from './support/app.js';
import { eventually } from './support/onboarding.js';
import { bearer, registerMerchant } from './support/auth.js';
import { cardToken, CARDS, completedPayment, createPayment, dieDuringNextSale, eventTypes, pay, paymentRow, sandboxCharges } from './support/payments.js';

/**
 * The app dies between a gateway call and the event of its outcome; a new app on the same database
 * finds the call at startup and settles it through CheckTransaction.
 */
describe('reconciliation of gateway calls left without an outcome', () => {
  let first: TestApp;
  let restarted: TestApp;
  let db: DataSource;
  let bootReport: ReconciliationReport | undefined;
  const ids: Record<'charged' | 'neverSent' | 'refunded' | 'untouched', string> = { charged: '', neverSent: '', refunded: '', untouched: '' };

  beforeAll(async () => {
    first = await createTestApp({}, { listen: true });
    const merchant = await registerMerchant(first);
    // The process is dead: the gateway's IPNs about these calls reach nobody.
    jest.spyOn(first.app.get(ProcessIpnHandler), 'execute').mockRejectedValue(new Error('the process is dead'));

    // Charged by the gateway, then the process died before recording the approval (its IPN lost too).
    ids.charged = await createPayment(first, merchant.token);
    const token = await cardToken(first, CARDS.approve);
    const charged = dieDuringNextSale(first, 'after_gateway');
    void pay(first, ids.charged, token);
    await charged;

    // Recorded as attempted, then the process died before the call left.
    ids.neverSent = await createPayment(first, merchant.token);
    const token2 = await cardToken(first, CARDS.approve);
    const neverSent = dieDuringNextSale(first, 'before_gateway');
    void pay(first, ids.neverSent, token2);
    await neverSent;

    // A refund the gateway made, then the process died before recording it.
    ids.refunded = await completedPayment(first, merchant.token);
    const gateway = first.app.get(PaymentGateway);
    const refund = gateway.refund.bind(gateway);
    let refundReached!: () => void;
    const refundDone = new Promise<void>((resolve) => (refundReached = resolve));
    jest.spyOn(gateway, 'refund').mockImplementationOnce(async (...args) => {
      await refund(...args);
      refundReached();
      return new Promise(() => undefined);
    });
    void first.request({ method: 'POST', url: `/api/transactions/${ids.refunded}/refund`, payload: { amount: 4000 }, headers: bearer(merchant.token) });
    await refundDone;

    ids.untouched = await completedPayment(first, merchant.token);
    expect(await paymentRow(first.app.get(DataSource), ids.charged)).toMatchObject({ status: 'pending' });
    await first.stop();

    // Calls of any age are due at once here; the default leaves a minute to calls another instance may be making.
    restarted = await createTestApp({ GATEWAY_RECONCILE_AFTER_MS: '0' }, { listen: true, database: first.database });
    db = restarted.app.get(DataSource);
    bootReport = await restarted.app.get(GatewayReconciliation).bootPass;
  });
  afterAll(() => restarted.close());

  it('the restarted app settles them by itself, once it listens', async () => {
    expect(bootReport).toEqual({ due: 3, settled: 3, failed: 0 });
  });

  it('the approval the gateway gave is recorded once: completed, one PaymentCompleted, charged once', async () => {
    expect(await paymentRow(db, ids.charged)).toMatchObject({ status: 'completed', card_last4: '1111' });
    expect(await eventTypes(db, ids.charged)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted']);
    expect(await sandboxCharges(db, ids.charged)).toBe(1);
  });

  it('an attempt the gateway never received is failed (System error occurred), and nothing was charged', async () => {
    expect(await paymentRow(db, ids.neverSent)).toMatchObject({ status: 'failed', failure_reason: 'System error occurred', gateway_transaction_id: null });
    expect(await eventTypes(db, ids.neverSent)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentFailed']);
    expect(await sandboxCharges(db, ids.neverSent)).toBe(0);
  });

  it('the refund the gateway made is recorded: 40.00 refunded, once', async () => {
    expect(await paymentRow(db, ids.refunded)).toMatchObject({ status: 'completed', refunded_minor: '4000' });
    expect(await eventTypes(db, ids.refunded)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted', 'RefundRequested', 'RefundCompleted']);
  });

  it('settled payments are left as they were, and another pass finds nothing to do and records nothing', async () => {
    expect(await eventTypes(db, ids.untouched)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted']);
    const events = async () => (await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM events`))[0]?.n;
    const before = await events();
    expect(await restarted.app.get(GatewayReconciliation).run()).toEqual({ due: 0, settled: 0, failed: 0 });
    expect(await events()).toBe(before);
  });
});

describe('reconciliation at startup', () => {
  it('a gateway that cannot be reached fails the pass, not the app: the call stays due and the next pass settles it', async () => {
    const t = await createTestApp({ GATEWAY_RECONCILE_AFTER_MS: '0' }, { listen: true });
    try {
      const merchant = await registerMerchant(t);
      const id = await createPayment(t, merchant.token);
      const token = await cardToken(t, CARDS.approve);
      const died = dieDuringNextSale(t, 'before_gateway');
      void pay(t, id, token);
      await died;
      const unreachable = jest.spyOn(t.app.get(PaymentGateway), 'checkTransaction').mockRejectedValue(new Error('connect ECONNREFUSED'));
      expect(await t.app.get(GatewayReconciliation).run()).toEqual({ due: 1, settled: 0, failed: 1 });
      expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(await paymentRow(t.app.get(DataSource), id)).toMatchObject({ status: 'pending' });
      unreachable.mockRestore();
      expect(await t.app.get(GatewayReconciliation).run()).toEqual({ due: 1, settled: 1, failed: 0 });
      expect(await paymentRow(t.app.get(DataSource), id)).toMatchObject({ status: 'failed' });
    } finally {
      await t.close();
    }
  });
});

describe('reconciliation with many abandoned 3-D Secure challenges', () => {
  it('records a challenge abandoned past the gateway\'s window as failed, and stops asking about it', async () => {
    const t = await createTestApp({ GATEWAY_RECONCILE_AFTER_MS: '0' }, { listen: true });
    try {
      const merchant = await registerMerchant(t);
      const [abandoned, answering] = [await createPayment(t, merchant.token), await createPayment(t, merchant.token)];
      for (const id of [abandoned, answering]) expect((await pay(t, id, await cardToken(t, CARDS.threeDSecure))).json()).toMatchObject({ status: 'requires_action' });
      const db = t.app.get(DataSource);
      // The payer of the first left the 3-D Secure page 11 minutes ago; the other is still in its window.
      await db.query(
        `UPDATE sandbox_gateway_transactions SET created_at = now() - interval '11 minutes'
         WHERE reference IN (SELECT reference FROM gateway_calls WHERE payment_id = $1)`,
        [abandoned],
      );
      const reconciliation = t.app.get(GatewayReconciliation);
      expect(await reconciliation.run()).toMatchObject({ due: 2, failed: 0 });
      // The pass's CheckTransaction or the gateway's IPN, whichever is first, records it once.
      expect(await eventually(async () => (await paymentRow(db, abandoned))?.status === 'failed')).toBe(true);
      expect(await paymentRow(db, abandoned)).toMatchObject({ status: 'failed', failure_reason: '3D Secure authentication expired' });
      expect(await eventTypes(db, abandoned)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentRequiresAction', 'PaymentFailed']);
      expect(await paymentRow(db, answering)).toMatchObject({ status: 'requires_action' });
      const asked = jest.spyOn(t.app.get(PaymentGateway), 'checkTransaction');
      expect(await reconciliation.run()).toEqual({ due: 1, settled: 0, failed: 0 });
      expect(asked).toHaveBeenCalledTimes(1);
    } finally {
      await t.close();
    }
  });

  it('asks about a call that never got its answer first, and takes the challenges in turn: a pass of 100 is never filled by the same ones', async () => {
    const t = await createTestApp({ GATEWAY_RECONCILE_AFTER_MS: '0', CHECKOUT_RATE_LIMIT: '1000' }, { listen: true });
    try {
      const merchant = await registerMerchant(t);
      // 101 payers left at the 3-D Secure page: the gateway keeps answering "requires action" about them.
      const abandoned: string[] = [];
      for (let i = 0; i < 101; i++) {
        const id = await createPayment(t, merchant.token);
        expect((await pay(t, id, await cardToken(t, CARDS.threeDSecure))).json()).toMatchObject({ status: 'requires_action' });
        abandoned.push(id);
      }
      // Then one the gateway charged while the process died before recording it: the newest call.
      const charged = await createPayment(t, merchant.token);
      const token = await cardToken(t, CARDS.approve);
      const died = dieDuringNextSale(t, 'after_gateway');
      void pay(t, charged, token);
      await died;

      const reconciliation = t.app.get(GatewayReconciliation);
      expect(await reconciliation.run()).toEqual({ due: 100, settled: 1, failed: 0 });
      expect(await paymentRow(t.app.get(DataSource), charged)).toMatchObject({ status: 'completed' });
      // The two challenges the first pass had no room for are asked about in the next one, before the first ones again.
      const asked = jest.spyOn(t.app.get(PaymentGateway), 'checkTransaction');
      expect(await reconciliation.run()).toEqual({ due: 2, settled: 0, failed: 0 });
      const references = async (ids: string[]) =>
        (await t.app.get(DataSource).query<{ reference: string }[]>(`SELECT reference FROM gateway_calls WHERE payment_id = ANY($1) ORDER BY started_at`, [ids])).map((row) => ({ reference: row.reference }));
      expect(asked.mock.calls.map(([, request]) => request)).toEqual(await references(abandoned.slice(99)));
      asked.mockClear();
      expect(await reconciliation.run()).toEqual({ due: 100, settled: 0, failed: 0 });
      expect(asked.mock.calls.map(([, request]) => request)).toEqual(await references(abandoned.slice(0, 100)));
      for (const id of abandoned) expect(await paymentRow(t.app.get(DataSource), id)).toMatchObject({ status: 'requires_action' });
    } finally {
      await t.close();
    }
  }, 120_000); // 102 checkouts over HTTP: on a busy CI machine they took more than the default 30 s
});
