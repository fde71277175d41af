import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { cardToken, CARDS, completedPayment, createPayment, dieDuringNextSale, eventTypes, ipnFor, pay, paymentRow, referencesOf } from './support/payments.js';

/** The gateway's IPN is believed only as far as the gateway's own transaction check confirms it. */
describe('the gateway IPN (POST /api/webhooks/{gateway})', () => {
  let t: TestApp;
  let db: DataSource;
  let merchant: Awaited<ReturnType<typeof registerMerchant>>;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    db = t.app.get(DataSource);
    merchant = await registerMerchant(t);
  });
  afterAll(() => t.close());

  const ipn = (payload: unknown, gateway = 'sandbox') => t.request({ method: 'POST', url: `/api/webhooks/${gateway}`, payload: payload as object });
  const eventCount = async () => (await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM events`))[0]?.n;

  /** An attempt the gateway approved, whose answer we never recorded and whose own IPN was lost. */
  async function approvedButUnrecorded(card: string = CARDS.approve) {
    const id = await createPayment(t, merchant.token);
    const token = await cardToken(t, card);
    const died = dieDuringNextSale(t, 'after_gateway');
    void pay(t, id, token);
    await died;
    const [reference] = await referencesOf(db, id, 'attempt');
    return { id, genuine: await ipnFor(db, reference!) };
  }

  describe('an approval whose answer was never recorded', () => {
    let id: string;
    let genuine: Record<string, unknown>;
    beforeAll(async () => {
      ({ id, genuine } = await approvedButUnrecorded());
    });

    it.each([
      ['a wrong amount', () => ({ ...genuine, Transaction_Amount: 1 })],
      ['a wrong currency', () => ({ ...genuine, Transaction_Currency: 'USD' })],
      ['an unknown transaction', () => ({ ...genuine, TransactionId: randomUUID() })],
      ['a result code the gateway did not give', () => ({ ...genuine, Result_Code: 1, Result_Message: 'Payment declined' })],
      ['an unknown reference', () => ({ ...genuine, References_Merchant: `pay_${randomUUID()}` })],
      ['missing fields', () => ({ TransactionId: genuine.TransactionId })],
      ['no body', () => undefined],
    ])('a forged IPN (%s) is 400 Invalid IPN and changes nothing', async (_name, forge) => {
      const before = await eventCount();
      const res = await ipn(forge());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid IPN');
      expect(await eventCount()).toBe(before);
      expect(await paymentRow(db, id)).toMatchObject({ status: 'pending' });
    });

    it('another real transaction passed off under this attempt\'s reference is refused', async () => {
      const other = await completedPayment(t, merchant.token);
      const otherTransaction = (await paymentRow(db, other))?.gateway_transaction_id;
      const before = await eventCount();
      const res = await ipn({ ...genuine, TransactionId: otherTransaction });
      expect(res.statusCode).toBe(400);
      expect(await eventCount()).toBe(before);
    });

    it('the genuine IPN, once verified, records the approval: 200 IPN processed', async () => {
      const res = await ipn(genuine);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'IPN processed' });
      expect(await paymentRow(db, id)).toMatchObject({ status: 'completed', gateway_transaction_id: genuine.TransactionId, card_last4: '1111' });
      expect(await eventTypes(db, id)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted']);
    });

    it('the same IPN again (the gateway retries) is harmless: 200, nothing new', async () => {
      const before = await eventCount();
      const res = await ipn(genuine);
      expect(res.statusCode).toBe(200);
      expect(await eventCount()).toBe(before);
    });
  });

  it('a verified decline records the failure with the gateway\'s message', async () => {
    const { id, genuine } = await approvedButUnrecorded(CARDS.decline);
    expect((await ipn(genuine)).statusCode).toBe(200);
    expect(await paymentRow(db, id)).toMatchObject({ status: 'failed', failure_reason: 'Payment declined' });
  });

  it('a refund\'s IPN is verified too, and records nothing the refund\'s answer already did', async () => {
    const id = await completedPayment(t, merchant.token);
    expect((await t.request({ method: 'POST', url: `/api/transactions/${id}/refund`, payload: { amount: 2500 }, headers: bearer(merchant.token) })).statusCode).toBe(200);
    const [reference] = await referencesOf(db, id, 'refund');
    const genuine = await ipnFor(db, reference!);
    const before = await eventCount();
    expect((await ipn(genuine)).statusCode).toBe(200);
    expect((await ipn({ ...genuine, Transaction_Amount: 10000 })).statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('an unknown gateway name is 404', async () => {
    const res = await ipn({}, 'acme-gateway');
    expect(res.statusCode).toBe(404);
  });
});
