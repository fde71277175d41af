import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { PaymentGateway } from '../src/payments/gateway/payment-gateway.js';
import { createTestApp, type TestApp } from './support/app.js';
import { registerMerchant } from './support/auth.js';
import { cardToken, CARDS, createPayment, eventTypes, pay, paymentRow, sandboxCharges } from './support/payments.js';

/** The hosted payment page's API against the embedded sandbox gateway, over real HTTP. */
describe('checkout (GET /api/checkout/{id}, POST /api/checkout/{id}/pay)', () => {
  let t: TestApp;
  let db: DataSource;
  let merchant: Awaited<ReturnType<typeof registerMerchant>>;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    db = t.app.get(DataSource);
    merchant = await registerMerchant(t, { companyName: 'Acme Shop Ltd' });
  });
  afterAll(() => t.close());

  const newPayment = (overrides: Record<string, unknown> = {}) => createPayment(t, merchant.token, overrides);

  it('shows the hosted page what it needs, and no customer data', async () => {
    const id = await newPayment({ description: 'Two mugs', returnUrl: 'https://shop.example/back' });
    const res = await t.request({ method: 'GET', url: `/api/checkout/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, amount: '100.00', currency: 'GBP', status: 'pending', description: 'Two mugs', orderId: 'order-1', merchantName: 'Acme Shop Ltd', returnUrl: 'https://shop.example/back', failureReason: null, redirectUrl: null });
    expect(res.body).not.toMatch(/ann@example\.com|Ann Smith/);
  });

  it.each([
    ['approving', CARDS.approve, 'completed', 0, 'Payment approved', 'PaymentCompleted'],
    ['declined', CARDS.decline, 'failed', 1, 'Payment declined', 'PaymentFailed'],
    ['invalid details', CARDS.invalidDetails, 'failed', 2, 'Invalid card details', 'PaymentFailed'],
    ['insufficient funds', CARDS.insufficientFunds, 'failed', 3, 'Insufficient funds', 'PaymentFailed'],
    ['3-D Secure', CARDS.threeDSecure, 'requires_action', 7, '3D Secure authentication required', 'PaymentRequiresAction'],
  ])('the %s card: its result code and message, the read model and the events', async (_name, card, status, resultCode, message, outcomeEvent) => {
    const id = await newPayment();
    const res = await pay(t, id, await cardToken(t, card));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status, resultCode, message });
    expect('redirectUrl' in res.json()).toBe(resultCode === 7);
    expect(await paymentRow(db, id)).toMatchObject({ status, card_last4: card.slice(-4) });
    expect(await eventTypes(db, id)).toEqual(['PaymentCreated', 'PaymentAttempted', outcomeEvent]);
    const page = (await t.request({ method: 'GET', url: `/api/checkout/${id}` })).json();
    expect(page.status).toBe(status);
    // A reload of the hosted page still says why it failed, or where the 3-D Secure check is.
    expect(page.failureReason).toBe(status === 'failed' ? message : null);
    expect(page.redirectUrl).toBe(resultCode === 7 ? res.json().redirectUrl : null);
  });

  it('a failure keeps the gateway\'s message as the reason', async () => {
    const id = await newPayment();
    await pay(t, id, await cardToken(t, CARDS.insufficientFunds));
    expect((await paymentRow(db, id))?.failure_reason).toBe('Insufficient funds');
  });

  it('is paid at most once: paying again is 409 and charges nothing', async () => {
    const id = await newPayment();
    expect((await pay(t, id, await cardToken(t, CARDS.approve))).statusCode).toBe(200);
    const again = await pay(t, id, await cardToken(t, CARDS.approve));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Payment already processed');
    const failed = await newPayment();
    await pay(t, failed, await cardToken(t, CARDS.decline));
    expect((await pay(t, failed, await cardToken(t, CARDS.approve))).statusCode).toBe(409);
    expect(await sandboxCharges(db, id)).toBe(1);
    expect(await eventTypes(db, id)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted']);
  });

  it('of 10 concurrent pays of one payment exactly one goes through, and the gateway charges once', async () => {
    const id = await newPayment();
    const tokens = await Promise.all(Array.from({ length: 10 }, () => cardToken(t, CARDS.approve)));
    const answers = await Promise.all(tokens.map((token) => pay(t, id, token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(await sandboxCharges(db, id)).toBe(1);
    expect(await eventTypes(db, id)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted']);
  });

  it('a sale whose answer is lost on the way back is settled through CheckTransaction: completed, charged once', async () => {
    const id = await newPayment();
    const gateway = t.app.get(PaymentGateway);
    const real = gateway.sale.bind(gateway);
    jest.spyOn(gateway, 'sale').mockImplementationOnce(async (...args) => {
      await real(...args);
      throw new Error('socket hang up');
    });
    const res = await pay(t, id, await cardToken(t, CARDS.approve));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', resultCode: 0, message: 'Payment approved' });
    expect(await sandboxCharges(db, id)).toBe(1);
    expect(await eventTypes(db, id)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted']);
  });

  it('a card token pays one payment: paying another with it fails as invalid card details, charging nothing', async () => {
    const token = await cardToken(t, CARDS.approve);
    const [first, second] = [await newPayment(), await newPayment()];
    expect((await pay(t, first, token)).json()).toMatchObject({ status: 'completed', resultCode: 0 });
    expect((await pay(t, second, token)).json()).toMatchObject({ status: 'failed', resultCode: 2, message: 'Invalid card details' });
    const [charged] = await db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM sandbox_gateway_transactions s JOIN gateway_calls c ON c.reference = s.reference WHERE c.payment_id = $1 AND s.result_code = 0`,
      [second],
    );
    expect(charged?.n).toBe(0);
  });

  it('a token the gateway does not know is 422 and records nothing', async () => {
    const id = await newPayment();
    const res = await pay(t, id, 'tok_made_up');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Invalid card token');
    expect(await eventTypes(db, id)).toEqual(['PaymentCreated']);
  });

  it('an empty token is 400', async () => {
    const res = await t.request({ method: 'POST', url: `/api/checkout/${await newPayment()}/pay`, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'token', message: 'Card token is required' }]);
  });

  it('a field besides the token (a card number sent by mistake) is 400 and charges nothing', async () => {
    const id = await newPayment();
    const res = await t.request({ method: 'POST', url: `/api/checkout/${id}/pay`, payload: { token: await cardToken(t, CARDS.approve), cardNumber: CARDS.approve } });
    expect([res.statusCode, res.json().errors]).toEqual([400, [{ field: 'cardNumber', message: 'Unrecognized key: "cardNumber"' }]]);
    expect(await eventTypes(db, id)).toEqual(['PaymentCreated']);
  });

  it.each([randomUUID(), 'not-a-uuid'])('an unknown payment (%s) is 404, for the page and for paying', async (id) => {
    expect((await t.request({ method: 'GET', url: `/api/checkout/${id}` })).statusCode).toBe(404);
    const res = await pay(t, id, await cardToken(t, CARDS.approve));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Payment not found');
  });

  describe('3-D Secure', () => {
    /** The payer at the sandbox's 3-D Secure page presses a button; the answers' redirects are followed to the end. */
    async function passThreeDSecure(redirectUrl: string, decision: 'approve' | 'fail'): Promise<string[]> {
      const page = await t.request({ method: 'GET', url: new URL(redirectUrl).pathname });
      expect(page.statusCode).toBe(200);
      const action = new RegExp(`<form method="post" action="([^"]+/${decision})"`).exec(page.body)?.[1];
      expect(action).toBeDefined();
      const locations: string[] = [];
      let res = await t.request({ method: 'POST', url: action! });
      while (res.statusCode === 303) {
        const location = String(res.headers.location);
        locations.push(location);
        const url = new URL(location, t.config.publicUrl);
        if (url.origin !== t.config.publicUrl || !url.pathname.startsWith('/api/')) break;
        res = await t.request({ method: 'GET', url: `${url.pathname}${url.search}` });
      }
      return locations;
    }

    it('approved at the gateway\'s page: back through our return route to the merchant\'s return URL, completed', async () => {
      const id = await newPayment({ returnUrl: 'https://shop.example/thanks' });
      const started = (await pay(t, id, await cardToken(t, CARDS.threeDSecure))).json();
      expect(started).toMatchObject({ status: 'requires_action', resultCode: 7, message: '3D Secure authentication required' });
      const locations = await passThreeDSecure(started.redirectUrl, 'approve');
      expect(locations[0]).toMatch(new RegExp(`/api/checkout/${id}/3ds-return\\?TransactionId=`));
      // Also under Stripe's names (the same payment's pi_ id), so a return page written for Stripe reads it too.
      expect(locations.at(-1)).toBe(`https://shop.example/thanks?paymentId=${id}&status=completed&payment_intent=pi_${id.replaceAll('-', '')}&redirect_status=succeeded`);
      expect(await paymentRow(db, id)).toMatchObject({ status: 'completed' });
      expect(await eventTypes(db, id)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentRequiresAction', 'PaymentCompleted']);
    });

    it('failed at the gateway\'s page: failed, and without a return URL back to the payment page', async () => {
      const id = await newPayment();
      const started = (await pay(t, id, await cardToken(t, CARDS.threeDSecure))).json();
      const locations = await passThreeDSecure(started.redirectUrl, 'fail');
      expect(locations.at(-1)).toBe(`${t.config.publicUrl}/pay/${id}?3ds=done`);
      expect(await paymentRow(db, id)).toMatchObject({ status: 'failed' });
      expect(await eventTypes(db, id)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentRequiresAction', 'PaymentFailed']);
    });

    it('the return route believes the gateway, not its query: a forged TransactionId completes nothing', async () => {
      const id = await newPayment({ returnUrl: 'https://shop.example/thanks' });
      await pay(t, id, await cardToken(t, CARDS.threeDSecure));
      const other = await newPayment();
      const approved = (await pay(t, other, await cardToken(t, CARDS.approve))).json();
      expect(approved.status).toBe('completed');
      const gatewayId = (await paymentRow(db, other))?.gateway_transaction_id;
      const res = await t.request({ method: 'GET', url: `/api/checkout/${id}/3ds-return?TransactionId=${gatewayId}` });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${t.config.publicUrl}/pay/${id}?3ds=done`);
      expect(await paymentRow(db, id)).toMatchObject({ status: 'requires_action' });
    });
  });
});
