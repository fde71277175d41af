import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { BindIdempotencyKey } from '../src/payments/index.js';
import { systemContext } from '../src/platform/commands/command-context.js';
import { paymentIntentCreateSchema } from '../src/stripe-compat/stripe-params.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { cardToken, CARDS, createPayment, eventTypes, pay } from './support/payments.js';
import { failureOf, paymentIdOf, stripeClient } from './support/stripe.js';

/** The Stripe-compatible API (/v1) through stripe-node, over real HTTP: refunds, idempotency, errors and events. */
describe('Stripe-compatible API through stripe-node: refunds, idempotency, errors, events', () => {
  let t: TestApp;
  let db: DataSource;
  let stripe: Stripe;
  let merchantToken: string;
  let stripeKey: string;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    db = t.app.get(DataSource);
    ({ client: stripe, token: merchantToken, key: stripeKey } = await stripeClient(t));
  });
  afterAll(() => t.close());

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

    it("takes Stripe's refund reason and keeps it: answered back, retrieved, recorded with the request", async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 100, reason: 'requested_by_customer' });
      expect(refund).toMatchObject({ amount: 100, status: 'succeeded', reason: 'requested_by_customer' });
      expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({ reason: 'requested_by_customer' });
      const keyed = await stripe.refunds.create({ payment_intent: intent.id, amount: 100, reason: 'duplicate' }, { idempotencyKey: 'refund-with-reason' });
      expect(keyed.reason).toBe('duplicate');
      expect((await stripe.refunds.create({ payment_intent: intent.id, amount: 100 })).reason).toBeNull();
    });

    it('takes metadata on a refund, as Stripe does: answered back, retrieved, recorded with the request; a wrong one is refused', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 100, metadata: { return_id: 'RMA-12', items: 2 } });
      expect(refund.metadata).toEqual({ return_id: 'RMA-12', items: '2' });
      expect((await stripe.refunds.retrieve(refund.id)).metadata).toEqual({ return_id: 'RMA-12', items: '2' });
      const rows = await db.query<{ data: { metadata?: unknown } }[]>(`SELECT data FROM events WHERE stream_id = $1 AND type = 'RefundRequested'`, [`payment-${paymentIdOf(intent.id)}`]);
      expect(rows.map((row) => row.data.metadata)).toEqual([{ return_id: 'RMA-12', items: '2' }]);
      expect((await stripe.refunds.create({ payment_intent: intent.id, amount: 100 })).metadata).toEqual({});
      // Stripe's limits, not the intent's order_id one: a long order_id is a refund's own business.
      expect((await stripe.refunds.create({ payment_intent: intent.id, amount: 100, metadata: { order_id: 'o'.repeat(300) } })).metadata?.order_id).toHaveLength(300);
      expect(await failureOf(stripe.refunds.create({ payment_intent: intent.id, amount: 100, metadata: { ['k'.repeat(41)]: 'v' } }))).toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        message: expect.stringContaining('Metadata keys must be at most 40 characters'),
      });
    });

    it('names a parameter it does not know (charge) rather than calling payment_intent missing', async () => {
      const error = await failureOf(stripe.refunds.create({ charge: 'ch_123' }));
      expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'parameter_unknown', param: 'charge', message: 'Received unknown parameter: charge' });
    });

    it('a full refund at once', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      expect(await stripe.refunds.create({ payment_intent: intent.id })).toMatchObject({ amount: 1000, status: 'succeeded' });
      // Nothing left: Stripe's own code, with or without a key, not "Only completed payments can be refunded".
      for (const options of [undefined, { idempotencyKey: 'refund-after-full' }]) {
        expect(await failureOf(stripe.refunds.create({ payment_intent: intent.id }, options))).toMatchObject({
          type: 'StripeInvalidRequestError',
          statusCode: 400,
          code: 'charge_already_refunded',
          message: `Charge ch_${intent.id.slice(3)} has already been refunded.`,
        });
      }
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

    it('the same create-and-confirm sent six times at once: every answer is the one intent, succeeded, charged once', async () => {
      // While the first is paying, a duplicate is Stripe's 409 idempotency_error, which stripe-node retries after a pause.
      const params = { amount: 990, currency: 'eur', payment_method: 'pm_card_visa', confirm: true };
      const answers = await Promise.all(Array.from({ length: 6 }, () => stripe.paymentIntents.create(params, { idempotencyKey: 'double-click-990' })));
      expect(new Set(answers.map((intent) => intent.id)).size).toBe(1);
      expect(answers.map((intent) => intent.status)).toEqual(Array(6).fill('succeeded'));
      expect(await eventTypes(db, paymentIdOf(answers[0]!.id))).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted']);
      // Without the library's retries: each answer is the intent or the 409, never a 400 for a payment that went through.
      const raw = await Promise.all(
        Array.from({ length: 6 }, () =>
          fetch(`${t.config.publicUrl}/v1/payment_intents`, {
            method: 'POST',
            headers: { authorization: `Bearer ${stripeKey}`, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'double-click-991' },
            body: 'amount=991&currency=eur&payment_method=pm_card_visa&confirm=true',
          }).then(async (res) => ({ status: res.status, body: (await res.json()) as { status?: string; error?: { type: string } } })),
        ),
      );
      for (const answer of raw) {
        if (answer.status === 200) expect(answer.body.status).toBe('succeeded');
        else expect(answer).toMatchObject({ status: 409, body: { error: { type: 'idempotency_error' } } });
      }
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

    it('a key that created an intent cannot make a refund, nor a refund key an intent: StripeIdempotencyError, nothing recorded', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd', payment_method: 'pm_card_visa', confirm: true }, { idempotencyKey: 'cross-route-1' });
      expect(await failureOf(stripe.refunds.create({ payment_intent: intent.id, amount: 100 }, { idempotencyKey: 'cross-route-1' }))).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(await eventTypes(db, paymentIdOf(intent.id))).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted']);
      await stripe.refunds.create({ payment_intent: intent.id, amount: 100 }, { idempotencyKey: 'cross-route-2' });
      const before = await stripe.paymentIntents.list({ limit: 100 });
      expect(await failureOf(stripe.paymentIntents.create({ amount: 700, currency: 'usd' }, { idempotencyKey: 'cross-route-2' }))).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect((await stripe.paymentIntents.list({ limit: 100 })).data.map((i) => i.id)).toEqual(before.data.map((i) => i.id));
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

    it('a crash after a create bound its key but before the intent was made: the retry makes it and charges once', async () => {
      const params = { amount: 1300, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true };
      const owner = await t.request({ method: 'GET', url: '/api/merchants/current', headers: bearer(merchantToken) });
      const caller = { merchantId: owner.json<{ id: string }>().id, environment: 'staging' as const };
      const before = (await stripe.paymentIntents.list({ limit: 100 })).data.length;
      // The first request's first step, with the parameters as the API reads them, and nothing after it.
      const bound = paymentIntentCreateSchema.parse({ ...params, confirm: 'true', amount: '1300' });
      await t.app.get(CommandBus).execute(new BindIdempotencyKey(caller, 'create-crashed', 'POST /v1/payment_intents', bound, systemContext('test', new Date())));
      const intent = await stripe.paymentIntents.create(params, { idempotencyKey: 'create-crashed' });
      expect(intent).toMatchObject({ amount: 1300, status: 'succeeded' });
      expect(await stripe.paymentIntents.create(params, { idempotencyKey: 'create-crashed' })).toEqual(intent);
      expect(await eventTypes(db, paymentIdOf(intent.id))).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted']);
      expect((await stripe.paymentIntents.list({ limit: 100 })).data.length).toBe(before + 1);
    });

    it('concurrent refunds with the same Idempotency-Key refund once', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      const answers = await Promise.allSettled([1, 2, 3].map(() => stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: 'refund-race' })));
      const refunds = answers.filter((a) => a.status === 'fulfilled').map((a) => a.value.id);
      expect(new Set(refunds).size).toBe(1);
      // A retry while the first is still refunding is Stripe's 409 idempotency_error, not a lock timeout.
      for (const refused of answers.filter((a) => a.status === 'rejected')) expect(refused.reason).toMatchObject({ statusCode: 409, type: 'StripeIdempotencyError' });
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

    it('canceling a canceled intent again, without the key that canceled it, is refused as Stripe refuses it', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'gbp' });
      await stripe.paymentIntents.cancel(intent.id);
      const refused = {
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        code: 'payment_intent_unexpected_state',
        message: expect.stringContaining('because it has a status of canceled'),
      };
      expect(await failureOf(stripe.paymentIntents.cancel(intent.id))).toMatchObject(refused);
      // With a key of its own, the refusal is its answer on a retry too, not the canceled intent.
      expect(await failureOf(stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: 'cancel-too-late' }))).toMatchObject(refused);
      expect(await failureOf(stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: 'cancel-too-late' }))).toMatchObject(refused);
      expect(await eventTypes(db, paymentIdOf(intent.id))).toEqual(['PaymentCreated', 'PaymentCanceled']);
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
      expect([wrong.statusCode, wrong.json()]).toEqual([401, { error: expect.objectContaining({ type: 'invalid_request_error', code: 'api_key_invalid', message: 'Invalid API key' }) }]);
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
      // Without a key, Stripe's 401 comes first, whatever the URL.
      const anonymous = await t.request({ method: 'GET', url: '/v1/customers' });
      expect([anonymous.statusCode, anonymous.json().error]).toEqual([401, expect.objectContaining({ type: 'invalid_request_error', code: 'api_key_invalid' })]);
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
      const { client } = await stripeClient(t);
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

  it('the OpenAPI document names the query parameters each list takes, from the schema that checks them, and Idempotency-Key only where it is read', async () => {
    type Operation = { parameters?: { name: string; in: string }[] };
    const { paths } = (await t.request({ method: 'GET', url: '/api/documentation-json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
    const named = (path: string, method: string, place: string) => (paths[path]?.[method]?.parameters ?? []).filter((p) => p.in === place).map((p) => p.name);
    expect(named('/v1/payment_intents', 'get', 'query')).toEqual(expect.arrayContaining(['limit', 'starting_after', 'ending_before']));
    expect(named('/api/client/payments', 'get', 'query')).toEqual(['limit', 'cursor', 'environment']);
    expect(named('/api/transactions', 'get', 'query')).toEqual(expect.arrayContaining(['status', 'paymentMethod', 'from', 'to']));
    expect(named('/v1/payment_intents', 'get', 'header')).toEqual([]);
    expect(named('/v1/payment_intents/{intent}', 'get', 'header')).toEqual([]);
    for (const path of ['/v1/payment_intents', '/v1/payment_intents/{intent}/confirm', '/v1/payment_intents/{intent}/cancel', '/v1/refunds']) {
      expect([path, named(path, 'post', 'header')]).toEqual([path, ['Idempotency-Key']]);
    }
  });

  it('form bodies are for /v1 only: the rest of the API still refuses them (415)', async () => {
    const res = await t.request({ method: 'POST', url: '/api/client/payments', payload: 'amount=100', headers: { ...bearer(merchantToken), 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(415);
  });
});
