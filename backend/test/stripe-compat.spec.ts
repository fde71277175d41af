import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { BindIdempotencyKey } from '../src/payments/index.js';
import { systemContext } from '../src/platform/commands/command-context.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { cardToken, CARDS, createPayment, eventTypes, pay } from './support/payments.js';
import { eventually } from './support/onboarding.js';
import { failureOf, paymentIdOf } from './support/stripe.js';

/** The Stripe-compatible API (/v1), driven only through Stripe's official Node library, over real HTTP. */
describe('Stripe-compatible API through stripe-node', () => {
  let t: TestApp;
  let db: DataSource;
  let stripe: Stripe;
  let merchantToken: string;

  /** A merchant's staging key (sk_test_…), as the Developers page rotates one, and a client on it. */
  async function stripeClient(): Promise<{ client: Stripe; token: string }> {
    const { token } = await registerMerchant(t);
    const res = await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) });
    const key = res.json<{ key: string }>().key;
    const { port } = new URL(t.config.publicUrl);
    return { client: new Stripe(key, { host: '127.0.0.1', port: Number(port), protocol: 'http' }), token };
  }

  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    db = t.app.get(DataSource);
    ({ client: stripe, token: merchantToken } = await stripeClient());
  });
  afterAll(() => t.close());

  describe('parameters, strict as Stripe is', () => {
    it('refuses a misspelt parameter of a new intent (parameter_unknown) and records nothing', async () => {
      const before = (await stripe.paymentIntents.list({ limit: 100 })).data.length;
      const error = await failureOf(stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', metdata: { order: '42' } } as Stripe.PaymentIntentCreateParams));
      expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'parameter_unknown', param: 'metdata', message: 'Received unknown parameter: metdata' });
      expect((await stripe.paymentIntents.list({ limit: 100 })).data.length).toBe(before);
    });

    it("takes metadata[order_id] as the payment's order ID up to 200 characters, as /api/client/payments does, and refuses a longer one naming it", async () => {
      const longest = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', metadata: { order_id: 'o'.repeat(200) } });
      const [row] = await db.query<{ order_id: string }[]>('SELECT order_id FROM payments WHERE id = $1', [paymentIdOf(longest.id)]);
      expect(row?.order_id).toBe('o'.repeat(200));
      const before = (await stripe.paymentIntents.list({ limit: 100 })).data.length;
      const error = await failureOf(stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', metadata: { order_id: 'o'.repeat(201) } }));
      expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'parameter_invalid', param: 'metadata[order_id]', message: "metadata[order_id] must be at most 200 characters: it is the payment's order ID" });
      expect((await stripe.paymentIntents.list({ limit: 100 })).data.length).toBe(before);
    });

    it('refuses a list filter it does not have instead of listing everything', async () => {
      const error = await failureOf(stripe.paymentIntents.list({ created: { gte: 1 } }));
      expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'parameter_unknown' });
      expect(error.message).toContain('created');
    });

    it("takes what Stripe's quickstart sends: automatic_payment_methods, payment_method_types card", async () => {
      const automatic = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', automatic_payment_methods: { enabled: true } });
      expect(automatic).toMatchObject({ status: 'requires_payment_method', amount: 1000 });
      // Older API versions' quickstarts (and their curl) send payment_method_types; this library's types no longer have it.
      const cards = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method_types: ['card'], payment_method: 'pm_card_visa', confirm: true } as Stripe.PaymentIntentCreateParams);
      expect(cards.status).toBe('succeeded');
      expect(await failureOf(stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method_types: ['sepa_debit'] } as Stripe.PaymentIntentCreateParams))).toMatchObject({ statusCode: 400, code: 'parameter_invalid' });
    });
  });

  describe('create and confirm with each test payment method', () => {
    it.each(['pm_card_visa', 'pm_card_mastercard'])('%s: succeeded in one call (confirm: true), amounts and currency as Stripe has them', async (paymentMethod) => {
      const intent = await stripe.paymentIntents.create({ amount: 2500, currency: 'GBP', payment_method: paymentMethod, confirm: true, metadata: { order: '42' } });
      expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 2500, amount_received: 2500, currency: 'gbp', livemode: false, metadata: { order: '42' } });
      expect(intent.id).toMatch(/^pi_[0-9a-f]{32}$/);
      expect(Math.abs(intent.created - Date.now() / 1000)).toBeLessThan(600);
    });

    it('created without confirming: requires_payment_method, then confirm with pm_card_visa: succeeded', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'eur', description: 'Two mugs', receipt_email: 'ann@example.com' });
      expect(intent).toMatchObject({ status: 'requires_payment_method', description: 'Two mugs', receipt_email: 'ann@example.com', currency: 'eur' });
      const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
      expect(confirmed).toMatchObject({ id: intent.id, status: 'succeeded' });
    });

    it('a payment method named at creation: requires_confirmation, and confirm without one charges it', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd', payment_method: 'pm_card_mastercard' });
      expect(intent).toMatchObject({ status: 'requires_confirmation', payment_method: 'pm_card_mastercard' });
      expect((await stripe.paymentIntents.confirm(intent.id)).status).toBe('succeeded');
    });

    it.each([
      ['pm_card_chargeDeclined', 'generic_decline'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ])('%s: StripeCardError (402, card_declined, %s) carrying the PaymentIntent, which shows the error', async (paymentMethod, declineCode) => {
      const error = await failureOf(stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: paymentMethod, confirm: true }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined', decline_code: declineCode });
      const intent = await stripe.paymentIntents.retrieve(error.payment_intent!.id);
      expect(intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: declineCode } });
    });

    it('an unknown payment method: StripeInvalidRequestError naming the parameter, nothing charged', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp' });
      const error = await failureOf(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_nonsense' }));
      expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'resource_missing', param: 'payment_method' });
      expect(await eventTypes(db, paymentIdOf(intent.id))).toEqual(['PaymentCreated']);
    });
  });

  describe('3-D Secure (pm_card_authenticationRequired)', () => {
    /** The customer's browser: the redirect URL's page, the button, then every redirect up to the merchant's return_url. */
    async function passThreeDSecure(url: string, decision: 'approve' | 'fail'): Promise<string> {
      const page = await fetch(url);
      const action = new RegExp(`<form method="post" action="([^"]+/${decision})"`).exec(await page.text())?.[1];
      if (!action) throw new Error('no 3-D Secure form');
      let res = await fetch(new URL(action, url), { method: 'POST', redirect: 'manual' });
      let location = '';
      while (res.status === 303) {
        location = new URL(res.headers.get('location')!, url).toString();
        if (!location.startsWith(t.config.publicUrl)) break;
        res = await fetch(location, { redirect: 'manual' });
      }
      return location;
    }

    it('requires_action with next_action.redirect_to_url; passing it there lands on return_url and the intent succeeded', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 4200, currency: 'gbp', payment_method: 'pm_card_authenticationRequired', confirm: true, return_url: 'https://shop.example/done' });
      expect(intent.status).toBe('requires_action');
      expect(intent.next_action).toMatchObject({ type: 'redirect_to_url', redirect_to_url: { return_url: 'https://shop.example/done' } });
      const landed = await passThreeDSecure(intent.next_action!.redirect_to_url!.url!, 'approve');
      expect(landed).toMatch(/^https:\/\/shop\.example\/done\?/);
      // Stripe's names on the way back, so a return page written for Stripe reads them unchanged.
      expect(new URL(landed).searchParams.get('payment_intent')).toBe(intent.id);
      expect(new URL(landed).searchParams.get('redirect_status')).toBe('succeeded');
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    });

    it('failed at the 3-D Secure page: requires_payment_method with the error', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 4200, currency: 'gbp', payment_method: 'pm_card_authenticationRequired', confirm: true, return_url: 'https://shop.example/done' });
      await passThreeDSecure(intent.next_action!.redirect_to_url!.url!, 'fail');
      expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'requires_payment_method', last_payment_error: { type: 'card_error' } });
    });

    it("abandoned past the bank's 10-minute window: requires_payment_method with payment_intent_authentication_failure", async () => {
      const intent = await stripe.paymentIntents.create({ amount: 4200, currency: 'gbp', payment_method: 'pm_card_authenticationRequired', confirm: true, return_url: 'https://shop.example/done' });
      const page = new URL(intent.next_action!.redirect_to_url!.url!);
      const challenge = page.pathname.split('/').at(-1);
      await db.query(`UPDATE sandbox_gateway_transactions SET created_at = now() - interval '11 minutes' WHERE id = $1`, [challenge]);
      // The gateway declines it when next asked (here the payer's late visit to the page) and sends its IPN.
      await fetch(page);
      expect(await eventually(async () => (await stripe.paymentIntents.retrieve(intent.id)).status === 'requires_payment_method')).toBe(true);
      expect((await stripe.paymentIntents.retrieve(intent.id)).last_payment_error).toMatchObject({
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message: '3D Secure authentication expired',
      });
    });
  });

  describe('retrieve and list', () => {
    it('lists newest first in pages (limit, starting_after, ending_before, has_more), and auto-pagination walks them all', async () => {
      const { client } = await stripeClient();
      const created = [];
      for (let i = 0; i < 5; i++) created.push((await client.paymentIntents.create({ amount: 100 + i, currency: 'gbp' })).id);
      const newestFirst = [...created].reverse();
      const first = await client.paymentIntents.list({ limit: 2 });
      expect(first).toMatchObject({ object: 'list', url: '/v1/payment_intents', has_more: true });
      expect(first.data.map((i) => i.id)).toEqual(newestFirst.slice(0, 2));
      const second = await client.paymentIntents.list({ limit: 2, starting_after: first.data[1]!.id });
      expect(second.data.map((i) => i.id)).toEqual(newestFirst.slice(2, 4));
      const back = await client.paymentIntents.list({ limit: 2, ending_before: second.data[0]!.id });
      expect(back.data.map((i) => i.id)).toEqual(newestFirst.slice(0, 2));
      expect(back.has_more).toBe(false);
      expect((await client.paymentIntents.list({ limit: 2 }).autoPagingToArray({ limit: 100 })).map((i) => i.id)).toEqual(newestFirst);
    });

    it("another merchant's intent, or a malformed id, is StripeInvalidRequestError 404 resource_missing", async () => {
      const { client } = await stripeClient();
      const theirs = await client.paymentIntents.create({ amount: 100, currency: 'gbp' });
      for (const id of [theirs.id, 'pi_nope', 'ch_123']) {
        expect(await failureOf(stripe.paymentIntents.retrieve(id))).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing' });
      }
    });
  });

  describe('cancel', () => {
    it('cancels an unpaid intent (PaymentCanceled); it cannot be confirmed afterwards', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 700, currency: 'gbp' });
      const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'requested_by_customer' });
      expect(canceled).toMatchObject({ status: 'canceled' });
      expect(await eventTypes(db, paymentIdOf(intent.id))).toEqual(['PaymentCreated', 'PaymentCanceled']);
      expect(await failureOf(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }))).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    });

    it('refuses capture_method manual rather than charging at once an intent meant only to be authorized', async () => {
      const before = await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM events WHERE type = 'PaymentCreated'`);
      const error = await failureOf(stripe.paymentIntents.create({ amount: 700, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true, capture_method: 'manual' }));
      expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'parameter_invalid', param: 'capture_method' });
      expect(error.message).toMatch(/manual capture is not supported/);
      expect(await db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'PaymentCreated'`)).toEqual(before);
      expect(await stripe.paymentIntents.create({ amount: 700, currency: 'gbp', capture_method: 'automatic' })).toMatchObject({ status: 'requires_payment_method' });
    });

    it('a succeeded intent cannot be canceled (400 payment_intent_unexpected_state)', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 700, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      expect(await failureOf(stripe.paymentIntents.cancel(intent.id))).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'payment_intent_unexpected_state' });
    });
  });

  describe('refunds', () => {
    it('refunds part, then the rest; each refund can be retrieved; too much is refused', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 300 });
      expect(part).toMatchObject({ object: 'refund', amount: 300, currency: 'gbp', status: 'succeeded', payment_intent: intent.id });
      expect(part.id).toMatch(/^re_/);
      const rest = await stripe.refunds.create({ payment_intent: intent.id });
      expect(rest).toMatchObject({ amount: 700, status: 'succeeded' });
      expect(await stripe.refunds.retrieve(part.id)).toEqual(part);
      expect(await failureOf(stripe.refunds.create({ payment_intent: intent.id, amount: 1 }))).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    });

    it('refuses an unknown parameter as Stripe does (parameter_unknown) rather than refunding everything', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      const error = await failureOf(stripe.refunds.create({ payment_intent: intent.id, amout: 300 } as Stripe.RefundCreateParams));
      expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'parameter_unknown', param: 'amout', message: 'Received unknown parameter: amout' });
      expect(await eventTypes(db, paymentIdOf(intent.id))).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted']);
    });

    it("takes Stripe's refund reason", async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      expect(await stripe.refunds.create({ payment_intent: intent.id, amount: 100, reason: 'requested_by_customer' })).toMatchObject({ amount: 100, status: 'succeeded' });
    });

    it('a full refund at once', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      expect(await stripe.refunds.create({ payment_intent: intent.id })).toMatchObject({ amount: 1000, status: 'succeeded' });
    });
  });

  describe('idempotency', () => {
    it('the same Idempotency-Key and parameters answer the same intent (charged once); other parameters are StripeIdempotencyError', async () => {
      const params = { amount: 1234, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true, metadata: { order: '7' } };
      const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-7-attempt' });
      const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-7-attempt' });
      expect(again.id).toBe(first.id);
      expect(again.status).toBe('succeeded');
      expect(await eventTypes(db, paymentIdOf(first.id))).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted']);
      const error = await failureOf(stripe.paymentIntents.create({ ...params, amount: 999 }, { idempotencyKey: 'order-7-attempt' }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(error.statusCode).toBe(400);
    });

    it('a refund retried with the same Idempotency-Key refunds once and answers the same refund; other parameters are StripeIdempotencyError', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      const first = await stripe.refunds.create({ payment_intent: intent.id, amount: 300 }, { idempotencyKey: 'refund-once' });
      const again = await stripe.refunds.create({ payment_intent: intent.id, amount: 300 }, { idempotencyKey: 'refund-once' });
      expect(again).toEqual(first);
      expect(await eventTypes(db, paymentIdOf(intent.id))).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted', 'RefundRequested', 'RefundCompleted']);
      expect((await stripe.paymentIntents.retrieve(intent.id)).amount_received).toBe(1000);
      const other = await failureOf(stripe.refunds.create({ payment_intent: intent.id, amount: 200 }, { idempotencyKey: 'refund-once' }));
      expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(other).toMatchObject({ statusCode: 400 });
      // The key is the merchant's, whatever the route: a confirm with it is another request.
      expect(await failureOf(stripe.paymentIntents.confirm(intent.id, {}, { idempotencyKey: 'refund-once' }))).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(await eventTypes(db, paymentIdOf(intent.id))).toHaveLength(5);
    });

    it('a crash after the key was bound but before the refund was asked for: the retry makes the refund, once', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      const owner = await t.request({ method: 'GET', url: '/api/merchants/current', headers: bearer(merchantToken) });
      const caller = { merchantId: owner.json<{ id: string }>().id, environment: 'staging' as const };
      // The first request's first step, and nothing after it: as if the process died there.
      await t.app.get(CommandBus).execute(new BindIdempotencyKey(caller, 'refund-crashed', 'POST /v1/refunds', { payment_intent: intent.id }, systemContext('test', new Date())));
      const refund = await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: 'refund-crashed' });
      expect(refund).toMatchObject({ amount: 1000, status: 'succeeded' });
      expect(await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: 'refund-crashed' })).toEqual(refund);
      expect((await eventTypes(db, paymentIdOf(intent.id))).filter((type) => type === 'RefundCompleted')).toHaveLength(1);
    });

    it('concurrent refunds with the same Idempotency-Key refund once', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      const answers = await Promise.allSettled([1, 2, 3].map(() => stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: 'refund-race' })));
      const refunds = answers.filter((a) => a.status === 'fulfilled').map((a) => a.value.id);
      expect(new Set(refunds).size).toBe(1);
      for (const refused of answers.filter((a) => a.status === 'rejected')) expect(refused.reason).toMatchObject({ statusCode: 409 });
      expect((await eventTypes(db, paymentIdOf(intent.id))).filter((type) => type === 'RefundCompleted')).toHaveLength(1);
    });

    it('a confirm retried with the same key answers the same intent and charges once; declined, the same card error again', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'gbp' });
      const first = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }, { idempotencyKey: 'confirm-once' });
      const again = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }, { idempotencyKey: 'confirm-once' });
      expect(again).toEqual(first);
      expect(await eventTypes(db, paymentIdOf(intent.id))).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted']);
      expect(await failureOf(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_mastercard' }, { idempotencyKey: 'confirm-once' }))).toBeInstanceOf(
        Stripe.errors.StripeIdempotencyError,
      );

      const declining = await stripe.paymentIntents.create({ amount: 900, currency: 'gbp' });
      const declined = await failureOf(stripe.paymentIntents.confirm(declining.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: 'confirm-declined' }));
      const declinedAgain = await failureOf(stripe.paymentIntents.confirm(declining.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: 'confirm-declined' }));
      expect(declinedAgain).toMatchObject({ type: 'StripeCardError', code: declined.code, decline_code: declined.decline_code, statusCode: 402 });
      expect(await eventTypes(db, paymentIdOf(declining.id))).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentFailed']);
    });

    it('a cancel retried with the same key answers the canceled intent and records nothing more; another reason is StripeIdempotencyError', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'gbp' });
      const first = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' }, { idempotencyKey: 'cancel-once' });
      expect(await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' }, { idempotencyKey: 'cancel-once' })).toEqual(first);
      expect(await eventTypes(db, paymentIdOf(intent.id))).toEqual(['PaymentCreated', 'PaymentCanceled']);
      expect(await failureOf(stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'duplicate' }, { idempotencyKey: 'cancel-once' }))).toBeInstanceOf(
        Stripe.errors.StripeIdempotencyError,
      );
    });

    it('a retried declined create answers the same card error, without a second charge', async () => {
      const params = { amount: 500, currency: 'gbp', payment_method: 'pm_card_chargeDeclined', confirm: true };
      const first = await failureOf(stripe.paymentIntents.create(params, { idempotencyKey: 'declined-once' }));
      const again = await failureOf(stripe.paymentIntents.create(params, { idempotencyKey: 'declined-once' }));
      expect(again).toMatchObject({ type: 'StripeCardError', decline_code: 'generic_decline' });
      expect(again.payment_intent!.id).toBe(first.payment_intent!.id);
      expect(await eventTypes(db, paymentIdOf(first.payment_intent!.id))).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentFailed']);
    });
  });

  describe('errors as stripe-node surfaces them', () => {
    it('a wrong key is StripeAuthenticationError (401)', async () => {
      const { port } = new URL(t.config.publicUrl);
      const stranger = new Stripe('sk_test_not_a_key', { host: '127.0.0.1', port: Number(port), protocol: 'http' });
      expect(await failureOf(stranger.paymentIntents.list())).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    });

    it('takes the key as HTTP Basic user name too, as curl -u sk_test_…: sends it', async () => {
      const { token } = await registerMerchant(t);
      const key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json<{ key: string }>().key;
      const basic = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' });
      const res = await t.request({ method: 'POST', url: '/v1/payment_intents', headers: basic(key), payload: 'amount=1234&currency=gbp&payment_method=pm_card_visa&confirm=true' });
      expect([res.statusCode, res.json()]).toEqual([200, expect.objectContaining({ object: 'payment_intent', status: 'succeeded', livemode: false })]);
      const wrong = await t.request({ method: 'GET', url: '/v1/payment_intents', headers: basic('sk_test_not_a_key') });
      expect([wrong.statusCode, wrong.json()]).toEqual([401, { error: expect.objectContaining({ type: 'invalid_request_error', code: 'api_key_invalid' }) }]);
    });

    it('bad parameters are StripeInvalidRequestError naming the parameter', async () => {
      expect(await failureOf(stripe.paymentIntents.create({ amount: -5, currency: 'gbp' }))).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'amount' });
      expect(await failureOf(stripe.paymentIntents.create({ amount: 100, currency: 'zzz' }))).toMatchObject({ statusCode: 400, param: 'currency' });
      expect(await failureOf(stripe.paymentIntents.list({ limit: 1000 }))).toMatchObject({ statusCode: 400, param: 'limit' });
      const longKey = { idempotencyKey: 'k'.repeat(256) };
      expect(await failureOf(stripe.paymentIntents.create({ amount: 100, currency: 'gbp' }, longKey))).toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        param: 'Idempotency-Key',
        message: 'Idempotency-Key must be 1 to 255 printable characters',
      });
    });

    it("answers in Stripe's shape before any endpoint too: an unknown URL (a GET is not the web app's page), a malformed body, another content type", async () => {
      // An endpoint this door does not have, as stripe-node calls it.
      expect(await failureOf(stripe.customers.list())).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, message: 'Unrecognized request URL (GET: /v1/customers).' });
      const { token } = await registerMerchant(t);
      const key = { authorization: `Bearer ${(await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json<{ key: string }>().key}` };
      const answers = await Promise.all([
        t.request({ method: 'GET', url: '/v1', headers: key }),
        t.request({ method: 'POST', url: '/v1/payment_intents', headers: { ...key, 'content-type': 'application/json' }, payload: '{' }),
        t.request({ method: 'POST', url: '/v1/payment_intents', headers: { ...key, 'content-type': 'application/xml' }, payload: '<amount>1</amount>' }),
        t.request({ method: 'POST', url: '/v1/payment_intents', headers: { ...key, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'amount=1&currency=gbp&description=%00' }),
        t.request({ method: 'POST', url: '/v1/payment_intents', headers: { ...key, 'content-type': 'text/plain' }, payload: 'amount=1&currency=gbp' }),
      ]);
      expect(answers.map((res) => [res.statusCode, res.headers['content-type'], res.json()])).toEqual(
        [404, 400, 415, 400, 415].map((status) => [status, expect.stringContaining('application/json'), { error: expect.objectContaining({ type: 'invalid_request_error', message: expect.any(String) }) }]),
      );
      expect(answers[3]?.json().error).toMatchObject({ param: 'description' });
      // The rest of the API's words for it.
      for (const unsupported of [answers[2], answers[4]]) expect(unsupported?.json().error.message).toBe('Unsupported content type');
    });
  });

  describe('events', () => {
    it("lists the merchant's payment events newest first as Stripe events, each with its object as it was then", async () => {
      const { client } = await stripeClient();
      const paid = await client.paymentIntents.create({ amount: 800, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      await client.refunds.create({ payment_intent: paid.id, amount: 800 });
      await failureOf(client.paymentIntents.create({ amount: 800, currency: 'gbp', payment_method: 'pm_card_chargeDeclined', confirm: true }));
      const events = await client.events.list({ limit: 100 });
      expect(events).toMatchObject({ object: 'list', url: '/v1/events', has_more: false });
      expect(events.data.map((e) => e.type)).toEqual([
        'payment_intent.payment_failed',
        'payment_intent.created',
        'charge.refunded',
        'payment_intent.succeeded',
        'payment_intent.created',
      ]);
      const created = events.data.at(-1)!;
      expect(created).toMatchObject({ object: 'event', livemode: false, data: { object: { id: paid.id, status: 'requires_confirmation' } } });
      expect(created.id).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(events.data[2]!.data.object).toMatchObject({ object: 'charge', payment_intent: paid.id, amount_refunded: 800, refunded: true });
      expect(await client.events.retrieve(created.id)).toEqual(created);
      const page = await client.events.list({ limit: 2, starting_after: events.data[1]!.id });
      expect(page.data.map((e) => e.id)).toEqual(events.data.slice(2, 4).map((e) => e.id));
      expect((await client.events.list({ type: 'charge.refunded' })).data.map((e) => e.type)).toEqual(['charge.refunded']);
      // A group, as Stripe's docs have it: payment_intent.* (the _ is no LIKE wildcard), * for all.
      expect((await client.events.list({ type: 'payment_intent.*' })).data.map((e) => e.type)).toEqual(events.data.map((e) => e.type).filter((type) => type.startsWith('payment_intent.')));
      expect((await client.events.list({ type: 'payment%intent.*' })).data).toEqual([]);
      expect((await client.events.list({ type: '*', limit: 100 })).data).toHaveLength(events.data.length);
      expect(await failureOf(stripe.events.retrieve(created.id))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    });
  });

  it('the same payment through /v1 and through /api/client/payments + the hosted page records the same domain events', async () => {
    const viaStripe = await stripe.paymentIntents.create({ amount: 10000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
    const viaApi = await createPayment(t, merchantToken);
    expect((await pay(t, viaApi, await cardToken(t, CARDS.approve))).json()).toMatchObject({ status: 'completed' });
    expect(await eventTypes(db, paymentIdOf(viaStripe.id))).toEqual(await eventTypes(db, viaApi));
    const listed = await t.request({ method: 'GET', url: `/api/client/payments/${paymentIdOf(viaStripe.id)}`, headers: bearer(merchantToken) });
    expect(listed.json()).toMatchObject({ status: 'completed', amount: '100.00', currency: 'GBP' });
  });

  it('the OpenAPI document lists every /v1 route where Stripe clients call it (at the root, not under /api)', async () => {
    const paths = Object.keys((await t.request({ method: 'GET', url: '/api/documentation-json' })).json<{ paths: Record<string, unknown> }>().paths);
    expect(paths.filter((path) => path.includes('v1')).sort()).toEqual([
      '/v1/events',
      '/v1/events/{id}',
      '/v1/payment_intents',
      '/v1/payment_intents/{intent}',
      '/v1/payment_intents/{intent}/cancel',
      '/v1/payment_intents/{intent}/confirm',
      '/v1/refunds',
      '/v1/refunds/{id}',
      '/v1/webhook_endpoints',
      '/v1/webhook_endpoints/{id}',
    ]);
  });

  it('form bodies are for /v1 only: the rest of the API still refuses them (415)', async () => {
    const res = await t.request({ method: 'POST', url: '/api/client/payments', payload: 'amount=100', headers: { ...bearer(merchantToken), 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(415);
  });
});
