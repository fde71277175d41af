import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { PaymentGateway } from '../src/payments/gateway/payment-gateway.js';
import { BindIdempotencyKey } from '../src/payments/index.js';
import { systemContext } from '../src/platform/commands/command-context.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { cardToken, CARDS, completedPayment, createPayment, eventTypes, pay, paymentRow } from './support/payments.js';

/** POST /api/transactions/{id}/refund: the dashboard's Refund button, through the sandbox gateway. */
describe('refunds', () => {
  let t: TestApp;
  let db: DataSource;
  let merchant: Awaited<ReturnType<typeof registerMerchant>>;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    db = t.app.get(DataSource);
    merchant = await registerMerchant(t);
  });
  afterAll(() => t.close());

  const refund = (id: string, payload?: object, token = merchant.token) =>
    t.request({ method: 'POST', url: `/api/transactions/${id}/refund`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const completed = () => completedPayment(t, merchant.token);
  /** The sandbox's refunds of the payment's sale. */
  const gatewayRefunds = async (id: string) =>
    (await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM sandbox_gateway_transactions r JOIN payments p ON r.parent_id = p.gateway_transaction_id WHERE p.id = $1`, [id]))[0]?.n;

  it('refunds all by default (no body, as the dashboard sends): refunded, once at the gateway', async () => {
    const id = await completed();
    const res = await refund(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'refunded', refundStatus: 'completed', amount: '100.00', refundedAmount: '100.00', message: 'The refund has been successfully processed.' });
    expect(await paymentRow(db, id)).toMatchObject({ status: 'refunded', refunded_minor: '10000' });
    expect(await eventTypes(db, id)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted', 'RefundRequested', 'RefundCompleted']);
    expect(await gatewayRefunds(id)).toBe(1);
  });

  it('a partial refund keeps it completed and raises the refunded amount; the rest makes it refunded', async () => {
    const id = await completed();
    const first = await refund(id, { amount: 2500 });
    expect(first.json()).toMatchObject({ status: 'completed', amount: '25.00', refundedAmount: '25.00' });
    expect(await paymentRow(db, id)).toMatchObject({ status: 'completed', refunded_minor: '2500' });
    const got = await t.request({ method: 'GET', url: `/api/client/payments/${id}`, headers: bearer(merchant.token) });
    expect(got.json()).toMatchObject({ status: 'completed', refundedAmount: '25.00' });
    const rest = await refund(id, { amount: 7500 });
    expect(rest.json()).toMatchObject({ status: 'refunded', amount: '75.00', refundedAmount: '100.00' });
    expect(await gatewayRefunds(id)).toBe(2);
  });

  it('never past the amount: 422, and nothing is asked of the gateway', async () => {
    const id = await completed();
    await refund(id, { amount: 6000 });
    const res = await refund(id, { amount: 4001 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Refund amount exceeds the refundable amount', errors: [{ field: 'amount', message: 'Refund amount exceeds the refundable amount' }] });
    expect(await eventTypes(db, id)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted', 'RefundRequested', 'RefundCompleted']);
    expect(await gatewayRefunds(id)).toBe(1);
  });

  it.each([
    [{ amount: 0 }, 'Amount must be greater than 0'],
    [{ amount: 10.5 }, 'Amount must be an integer number of minor units'],
    [{ amount: '25' }, 'Amount must be an integer number of minor units'],
  ])('refuses %j with 400 naming the amount', async (payload, message) => {
    const res = await refund(await completed(), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'amount', message }]);
  });

  it('refuses an unknown field instead of reading a misspelt amount as a full refund: 400, nothing refunded', async () => {
    const id = await completed();
    const res = await refund(id, { amout: 2500 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: 'Unrecognized key: "amout"', errors: [{ field: 'amout', message: 'Unrecognized key: "amout"' }] });
    expect(await paymentRow(db, id)).toMatchObject({ status: 'completed', refunded_minor: '0' });
    expect(await gatewayRefunds(id)).toBe(0);
  });

  it('a JSON null body is no body: 400, not a full refund', async () => {
    const id = await completed();
    const res = await t.request({ method: 'POST', url: `/api/transactions/${id}/refund`, headers: { ...bearer(merchant.token), 'content-type': 'application/json' }, payload: 'null' });
    expect(res.statusCode).toBe(400);
    expect(await paymentRow(db, id)).toMatchObject({ status: 'completed', refunded_minor: '0' });
    expect(await gatewayRefunds(id)).toBe(0);
  });

  it('only completed payments: pending, failed and refunded ones are 409', async () => {
    const pending = await createPayment(t, merchant.token);
    const failed = await createPayment(t, merchant.token);
    await pay(t, failed, await cardToken(t, CARDS.decline));
    const refunded = await completed();
    await refund(refunded);
    for (const id of [pending, failed, refunded]) {
      const res = await refund(id);
      expect([id, res.statusCode, res.json().message]).toEqual([id, 409, 'Only completed payments can be refunded']);
    }
  });

  it('another merchant\'s payment is 404 as a missing one, and stays unrefunded', async () => {
    const other = await registerMerchant(t);
    const theirs = await completedPayment(t, other.token);
    expect((await refund(theirs)).statusCode).toBe(404);
    expect((await refund(randomUUID())).statusCode).toBe(404);
    expect(await paymentRow(db, theirs)).toMatchObject({ status: 'completed', refunded_minor: '0' });
  });

  it('is a dashboard action: a secret API key is not accepted (401)', async () => {
    const id = await completed();
    const key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(merchant.token) })).json().key as string;
    expect((await refund(id, undefined, key)).statusCode).toBe(401);
  });

  it('of 10 concurrent full refunds exactly one succeeds, the rest get 409, and the gateway refunds once', async () => {
    const id = await completed();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(await eventTypes(db, id)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted', 'RefundRequested', 'RefundCompleted']);
    expect(await gatewayRefunds(id)).toBe(1);
    expect(await paymentRow(db, id)).toMatchObject({ status: 'refunded', refunded_minor: '10000' });
  });

  it('a refund the gateway refuses is 502, recorded as failed, and refunds nothing; a later one goes through', async () => {
    const id = await completed();
    jest.spyOn(t.app.get(PaymentGateway), 'refund').mockResolvedValueOnce({ resultCode: 1, resultMessage: 'Refund declined', transactionId: null, redirectUrl: null });
    const res = await refund(id);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Failed to process refund. Please try again.');
    expect(await paymentRow(db, id)).toMatchObject({ status: 'completed', refunded_minor: '0' });
    expect((await refund(id)).statusCode).toBe(200);
    expect(await eventTypes(db, id)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted', 'RefundRequested', 'RefundFailed', 'RefundRequested', 'RefundCompleted']);
  });

  it('a refund whose answer is lost on the way back is settled through CheckTransaction: refunded once', async () => {
    const id = await completed();
    const gateway = t.app.get(PaymentGateway);
    const real = gateway.refund.bind(gateway);
    jest.spyOn(gateway, 'refund').mockImplementationOnce(async (...args) => {
      await real(...args);
      throw new Error('socket hang up');
    });
    const res = await refund(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', refundedAmount: '100.00' });
    expect(await gatewayRefunds(id)).toBe(1);
    expect(await eventTypes(db, id)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted', 'RefundRequested', 'RefundCompleted']);
  });

  describe('with an Idempotency-Key', () => {
    const IN_PROGRESS = 'A request with this Idempotency-Key is still in progress. Try again in a moment.';
    const keyed = (id: string, key: string, payload?: object, token = merchant.token) =>
      t.request({ method: 'POST', url: `/api/transactions/${id}/refund`, headers: { ...bearer(token), 'idempotency-key': key }, ...(payload ? { payload } : {}) });
    const completedRefunds = async (id: string) => (await eventTypes(db, id)).filter((type) => type === 'RefundCompleted').length;

    it('the same key and body again answer the first refund, as it was then, and refund nothing more', async () => {
      const id = await completed();
      const first = await keyed(id, 'refund-once', { amount: 2500 });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ id, status: 'completed', refundStatus: 'completed', amount: '25.00', refundedAmount: '25.00' });
      expect((await keyed(id, 'refund-once', { amount: 2500 })).json()).toEqual(first.json());
      // A later refund (another key) does not change what the first request answered.
      expect((await keyed(id, 'refund-twice', { amount: 1000 })).json()).toMatchObject({ refundedAmount: '35.00' });
      const again = await keyed(id, 'refund-once', { amount: 2500 });
      expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
      expect(await completedRefunds(id)).toBe(2);
      expect(await gatewayRefunds(id)).toBe(2);
      expect(await paymentRow(db, id)).toMatchObject({ status: 'completed', refunded_minor: '3500' });
    });

    it('no body and an empty body are the same request: a full refund retried answers it again', async () => {
      const id = await completed();
      const first = await keyed(id, 'refund-all');
      expect(first.json()).toMatchObject({ status: 'refunded', amount: '100.00', refundedAmount: '100.00' });
      const again = await keyed(id, 'refund-all', {});
      expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
      expect(await gatewayRefunds(id)).toBe(1);
    });

    it('the same key with another amount, or on another payment, is 422 in the create path\'s words, and refunds nothing', async () => {
      const id = await completed();
      await keyed(id, 'refund-reused', { amount: 2500 });
      for (const res of [await keyed(id, 'refund-reused', { amount: 3000 }), await keyed(id, 'refund-reused'), await keyed(await completed(), 'refund-reused', { amount: 2500 })]) {
        expect([res.statusCode, res.json().message]).toEqual([422, 'Idempotency-Key was already used with a different request body']);
      }
      expect(await gatewayRefunds(id)).toBe(1);
      expect(await paymentRow(db, id)).toMatchObject({ refunded_minor: '2500' });
    });

    it('5 concurrent requests with the same key refund once: each answers that refund or 409 while it is being made', async () => {
      const id = await completed();
      const answers = await Promise.all(Array.from({ length: 5 }, () => keyed(id, 'refund-race', { amount: 2500 })));
      const made = answers.filter((a) => a.statusCode === 200).map((a) => a.json());
      const refused = answers.filter((a) => a.statusCode !== 200).map((a) => [a.statusCode, a.json().message]);
      expect(made.length).toBeGreaterThan(0);
      expect(new Set(made.map((answer) => answer.refundId)).size).toBe(1);
      expect(refused).toEqual(refused.map(() => [409, IN_PROGRESS]));
      expect((await keyed(id, 'refund-race', { amount: 2500 })).json()).toEqual(made[0]);
      expect(await completedRefunds(id)).toBe(1);
      expect(await gatewayRefunds(id)).toBe(1);
      expect(await paymentRow(db, id)).toMatchObject({ status: 'completed', refunded_minor: '2500' });
    });

    it('a retry while the first request waits on the gateway is 409, then answers the refund the first one made', async () => {
      const id = await completed();
      const gateway = t.app.get(PaymentGateway);
      const real = gateway.refund.bind(gateway);
      let asked!: () => void;
      const gatewayAsked = new Promise<void>((resolve) => (asked = resolve));
      let answer!: () => void;
      const mayAnswer = new Promise<void>((resolve) => (answer = resolve));
      jest.spyOn(gateway, 'refund').mockImplementationOnce(async (...args) => {
        asked();
        await mayAnswer;
        return real(...args);
      });
      const first = keyed(id, 'refund-slow', { amount: 2500 });
      await gatewayAsked;
      const retry = await keyed(id, 'refund-slow', { amount: 2500 });
      expect([retry.statusCode, retry.json().message]).toEqual([409, IN_PROGRESS]);
      answer();
      expect((await first).statusCode).toBe(200);
      expect((await keyed(id, 'refund-slow', { amount: 2500 })).json()).toEqual((await first).json());
      expect(await gatewayRefunds(id)).toBe(1);
    });

    it('a crash after the key was bound but before the refund was asked for: the retry makes the refund, once', async () => {
      const id = await completed();
      const scope = { merchantId: merchant.merchant.id, environment: 'staging' as const };
      // The first request's first step, and nothing after it: as if the process died there.
      await t.app.get(CommandBus).execute(new BindIdempotencyKey(scope, 'refund-crashed', 'POST /api/transactions/:id/refund', { paymentId: id, amount: null }, systemContext('test', new Date())));
      const made = await keyed(id, 'refund-crashed');
      expect(made.json()).toMatchObject({ status: 'refunded', refundedAmount: '100.00' });
      expect((await keyed(id, 'refund-crashed')).json()).toEqual(made.json());
      expect(await completedRefunds(id)).toBe(1);
      expect(await gatewayRefunds(id)).toBe(1);
    });

    it('a refund the gateway refused answers its retry with the same 502; a new key refunds', async () => {
      const id = await completed();
      jest.spyOn(t.app.get(PaymentGateway), 'refund').mockResolvedValueOnce({ resultCode: 1, resultMessage: 'Refund declined', transactionId: null, redirectUrl: null });
      expect((await keyed(id, 'refund-declined')).statusCode).toBe(502);
      const again = await keyed(id, 'refund-declined');
      expect([again.statusCode, again.json().message]).toEqual([502, 'Failed to process refund. Please try again.']);
      expect((await keyed(id, 'refund-new-try')).json()).toMatchObject({ status: 'refunded', refundedAmount: '100.00' });
      expect(await eventTypes(db, id)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted', 'RefundRequested', 'RefundFailed', 'RefundRequested', 'RefundCompleted']);
    });

    it('keys are per merchant: another merchant\'s same key is their own refund; their key on our payment is 404 and binds nothing', async () => {
      const other = await registerMerchant(t);
      const ours = await completed();
      const theirs = await completedPayment(t, other.token);
      const mine = await keyed(ours, 'shared-key', { amount: 1000 });
      const their = await keyed(theirs, 'shared-key', { amount: 1000 }, other.token);
      expect([mine.statusCode, their.statusCode]).toEqual([200, 200]);
      expect(their.json().refundId).not.toBe(mine.json().refundId);
      expect((await keyed(ours, 'probe-key', { amount: 1000 }, other.token)).statusCode).toBe(404);
      expect((await keyed(theirs, 'probe-key', { amount: 1000 }, other.token)).statusCode).toBe(200);
      expect(await paymentRow(db, ours)).toMatchObject({ refunded_minor: '1000' });
    });

    it('without a key two identical refunds are two refunds, as before', async () => {
      const id = await completed();
      expect((await refund(id, { amount: 2500 })).statusCode).toBe(200);
      expect((await refund(id, { amount: 2500 })).json()).toMatchObject({ refundedAmount: '50.00' });
      expect(await gatewayRefunds(id)).toBe(2);
    });

    it('a key that is not 1 to 255 printable characters is 400 and refunds nothing', async () => {
      const id = await completed();
      const res = await keyed(id, 'x'.repeat(256));
      expect([res.statusCode, res.json().errors]).toEqual([400, [{ field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 printable characters' }]]);
      expect(await gatewayRefunds(id)).toBe(0);
    });
  });
});
