import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './support/app.js';
import { createStaff } from './support/auth.js';
import { eventTypes } from './support/payments.js';
import { eventually } from './support/onboarding.js';
import { failureOf, paymentIdOf, stripeClient } from './support/stripe.js';

/** The Stripe-compatible API (/v1), driven only through Stripe's official Node library, over real HTTP: PaymentIntents. */
describe('Stripe-compatible API through stripe-node', () => {
  let t: TestApp;
  let db: DataSource;
  let stripe: Stripe;

  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    db = t.app.get(DataSource);
    ({ client: stripe } = await stripeClient(t));
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

    it('names a required parameter left out as Stripe does (parameter_missing)', async () => {
      const error = await failureOf(stripe.paymentIntents.create({ amount: 1000 } as Stripe.PaymentIntentCreateParams));
      expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'parameter_missing', param: 'currency', message: 'Missing required param: currency.' });
      const refund = await failureOf(stripe.refunds.create({ amount: 100 }));
      expect(refund).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'parameter_missing', param: 'payment_intent', message: 'Missing required param: payment_intent.' });
      // Given but wrong is still parameter_invalid.
      expect(await failureOf(stripe.paymentIntents.create({ amount: 1000, currency: 'xx' }))).toMatchObject({ code: 'parameter_invalid', param: 'currency' });
    });

    it('keeps every metadata key of a form body (constructor, toString too) and refuses one naming __proto__ rather than dropping it', async () => {
      const { key } = await stripeClient(t);
      const form = (body: string) =>
        fetch(`${t.config.publicUrl}/v1/payment_intents`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' }, body });
      const kept = await form('amount=100&currency=eur&metadata[constructor]=1&metadata[toString]=2&metadata[hasOwnProperty]=3');
      expect(kept.status).toBe(200);
      expect((await kept.json())).toMatchObject({ metadata: { constructor: '1', toString: '2', hasOwnProperty: '3' } });
      // An empty metadata is none, as Stripe reads it; a key past 40 characters is refused in words.
      const none = await form('amount=100&currency=eur&metadata=');
      expect([none.status, ((await none.json()) as { metadata?: unknown }).metadata]).toEqual([200, {}]);
      const longKey = await form(`amount=100&currency=eur&metadata[${'k'.repeat(41)}]=1`);
      expect([longKey.status, ((await longKey.json()) as { error: { message: string } }).error.message]).toEqual([400, 'Metadata keys must be at most 40 characters']);
      for (const body of ['amount=100&currency=eur&metadata[__proto__][x]=1&metadata[y]=2', 'amount=100&currency=eur&%5F%5Fproto%5F%5F=1']) {
        const refused = await form(body);
        expect(refused.status).toBe(400);
        expect((await refused.json())).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining('__proto__') } });
      }
    });

    it("refuses a session token, a merchant's or staff's, with 401 before reading the request (a bad body would be a 400)", async () => {
      const { token } = await stripeClient(t);
      const staff = (await createStaff(t)).token;
      for (const session of [token, staff]) {
        const res = await fetch(`${t.config.publicUrl}/v1/refunds`, { method: 'POST', headers: { authorization: `Bearer ${session}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'amount=1' });
        expect([res.status, await res.json()]).toEqual([
          401,
          { error: { type: 'invalid_request_error', code: 'api_key_invalid', message: 'Only a secret API key is accepted here (Authorization: Bearer sk_test_… or sk_live_…), not a session token' } },
        ]);
      }
    });

    it('pages after one object or before another, not both (400, as at Stripe)', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 100, currency: 'gbp' });
      const error = await failureOf(stripe.paymentIntents.list({ starting_after: intent.id, ending_before: intent.id }));
      expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, message: 'You may only specify one of these parameters: ending_before, starting_after.' });
      expect(await failureOf(stripe.events.list({ starting_after: 'evt_1', ending_before: 'evt_2' }))).toMatchObject({ statusCode: 400 });
    });

    it('refuses a list filter it does not have instead of listing everything', async () => {
      const error = await failureOf(stripe.paymentIntents.list({ created: { gte: 1 } }));
      expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'parameter_unknown' });
      expect(error.message).toContain('created');
    });

    it('refuses what a retrieve does not take (expand, a typo) instead of answering as if it had been heard', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 100 });
      const expanded = await failureOf(stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] }));
      expect(expanded).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'parameter_unknown', message: expect.stringMatching(/^Received unknown parameter: expand/) });
      expect(await failureOf(stripe.refunds.retrieve(refund.id, { expand: ['charge'] }))).toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
      const [event] = (await stripe.events.list({ limit: 1 })).data;
      expect(await failureOf(stripe.events.retrieve(event!.id, { expand: ['data'] }))).toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
      expect((await stripe.paymentIntents.retrieve(intent.id)).id).toBe(intent.id);
      // An id too long to be ours is no such intent, not an unknown URL.
      expect(await failureOf(stripe.paymentIntents.retrieve(`pi_${'a'.repeat(200)}`))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
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
      // Confirmed again (no Idempotency-Key): Stripe's refusal, and no second charge.
      expect(await failureOf(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }))).toMatchObject({
        statusCode: 400,
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      });
      expect((await eventTypes(db, paymentIdOf(intent.id))).filter((type) => type === 'PaymentCompleted')).toHaveLength(1);
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

    it('test payment methods are test mode only: a live key paying with pm_card_visa is refused and records nothing', async () => {
      const { client: live } = await stripeClient(t, { environment: 'production' });
      const created = async () => (await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM events WHERE type = 'PaymentCreated'`))[0]!.n;
      const before = await created();
      const error = await failureOf(live.paymentIntents.create({ amount: 700, currency: 'eur', payment_method: 'pm_card_visa', confirm: true }));
      expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'resource_missing', param: 'payment_method' });
      expect(error.message).toBe("No such PaymentMethod: 'pm_card_visa'; test payment methods work only with a test mode key (sk_test_…).");
      expect(await created()).toBe(before);
      // Nor at confirm: the live intent stays unpaid.
      const intent = await live.paymentIntents.create({ amount: 700, currency: 'eur' });
      expect(intent.livemode).toBe(true);
      expect(await failureOf(live.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }))).toMatchObject({ statusCode: 400, code: 'resource_missing' });
      expect(await eventTypes(db, paymentIdOf(intent.id))).toEqual(['PaymentCreated']);
    });

    it.each([true, false])('an unknown payment method at creation (confirm: %s): StripeInvalidRequestError, and no intent is created', async (confirm) => {
      const created = async () => (await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM events WHERE type = 'PaymentCreated'`))[0]!.n; // an aggregate answers one row
      const before = await created();
      const error = await failureOf(stripe.paymentIntents.create({ amount: 4321, currency: 'gbp', payment_method: 'pm_bogus', confirm }));
      expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'resource_missing', param: 'payment_method', message: "No such PaymentMethod: 'pm_bogus'" });
      expect(await created()).toBe(before);
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

    it('a return_url given at confirm is where the 3-D Secure page sends the payer, and the intent shows the method confirmed with', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 4200, currency: 'gbp' });
      const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_authenticationRequired', return_url: 'https://shop.example/confirmed' });
      expect(confirmed).toMatchObject({ status: 'requires_action', payment_method: 'pm_card_authenticationRequired', next_action: { redirect_to_url: { return_url: 'https://shop.example/confirmed' } } });
      const landed = await passThreeDSecure(confirmed.next_action!.redirect_to_url!.url!, 'approve');
      expect(landed).toMatch(/^https:\/\/shop\.example\/confirmed\?/);
      expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded', payment_method: 'pm_card_authenticationRequired' });
      // A card named at confirm only is shown too.
      const plain = await stripe.paymentIntents.create({ amount: 1200, currency: 'gbp' });
      expect(await stripe.paymentIntents.confirm(plain.id, { payment_method: 'pm_card_mastercard' })).toMatchObject({ status: 'succeeded', payment_method: 'pm_card_mastercard' });
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
      const { client } = await stripeClient(t);
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
      const { client } = await stripeClient(t);
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
      expect(await failureOf(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }))).toMatchObject({
        statusCode: 400,
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it has a status of canceled.',
      });
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
});
