import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { EventStore } from '../src/platform/event-store/event-store.port.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer } from './support/auth.js';
import { cardToken, CARDS, createPayment, pay } from './support/payments.js';
import { outboxCaughtUp } from './support/caught-up.js';
import { HttpReceiver, type ReceivedRequest } from './support/http-receiver.js';
import { failureOf, paymentIdOf, stripeClient } from './support/stripe.js';

/**
 * /v1/webhook_endpoints and the Stripe-format deliveries, disputes, and the same payment through both
 * doors: driven through stripe-node, with a real HTTP receiver that verifies with constructEvent.
 */
describe('Stripe-compatible webhooks, disputes and the two doors', () => {
  let t: TestApp;
  let db: DataSource;
  let receiver: HttpReceiver;

  /** A merchant whose dashboard shows staging (where sk_test_ keys pay), and a client on its staging key. */
  const merchantClient = async () => {
    const { client, token } = await stripeClient(t, { showingStaging: true });
    return { stripe: client, token };
  };

  /** Stripe's own verification of what the receiver got; throws on a bad signature. */
  const verified = (stripe: Stripe, hook: ReceivedRequest, secret: string) => stripe.webhooks.constructEvent(hook.body, String(hook.headers['stripe-signature']), secret);

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '20' }, { listen: true });
    db = t.app.get(DataSource);
    receiver = await HttpReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  describe('/v1/webhook_endpoints', () => {
    it('creates (secret whsec_… in that answer only), retrieves, lists and deletes; another merchant finds none of it', async () => {
      const { stripe } = await merchantClient();
      const endpoint = await stripe.webhookEndpoints.create({ url: receiver.url('/crud'), enabled_events: ['payment_intent.succeeded', 'charge.refunded'] });
      expect(endpoint).toMatchObject({ object: 'webhook_endpoint', url: receiver.url('/crud'), enabled_events: ['payment_intent.succeeded', 'charge.refunded'], status: 'enabled', livemode: false });
      expect(endpoint.id).toMatch(/^we_[0-9a-f]{32}$/);
      expect(endpoint.secret).toMatch(/^whsec_/);
      const retrieved = await stripe.webhookEndpoints.retrieve(endpoint.id);
      expect(retrieved).toEqual({ ...endpoint, secret: undefined });
      expect('secret' in retrieved).toBe(false);
      const all = await stripe.webhookEndpoints.create({ url: receiver.url('/crud-all'), enabled_events: ['*'] });
      expect(all.enabled_events).toEqual(['*']);
      const listed = await stripe.webhookEndpoints.list({ limit: 1 });
      expect(listed).toMatchObject({ object: 'list', url: '/v1/webhook_endpoints', has_more: true });
      expect(listed.data.map((e) => e.id)).toEqual([all.id]);
      expect((await stripe.webhookEndpoints.list({ starting_after: all.id })).data.map((e) => e.id)).toEqual([endpoint.id]);

      const { stripe: stranger } = await merchantClient();
      expect(await failureOf(stranger.webhookEndpoints.retrieve(endpoint.id))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
      expect(await failureOf(stranger.webhookEndpoints.del(endpoint.id))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
      expect((await stranger.webhookEndpoints.list()).data).toEqual([]);

      expect(await stripe.webhookEndpoints.del(endpoint.id)).toEqual({ id: endpoint.id, object: 'webhook_endpoint', deleted: true });
      expect(await failureOf(stripe.webhookEndpoints.retrieve(endpoint.id))).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing' });
      expect((await stripe.webhookEndpoints.list()).data.map((e) => e.id)).toEqual([all.id]);
    });

    it('refuses unknown event names and a URL that is not http(s), naming the parameter', async () => {
      const { stripe } = await merchantClient();
      expect(await failureOf(stripe.webhookEndpoints.create({ url: receiver.url('/x'), enabled_events: ['invoice.payment_succeeded'] }))).toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        param: 'enabled_events[0]',
      });
      expect(await failureOf(stripe.webhookEndpoints.create({ url: 'ftp://example.com/hook', enabled_events: ['*'] }))).toMatchObject({ statusCode: 400, param: 'url' });
      expect(await failureOf(stripe.webhookEndpoints.create({ url: receiver.url('/x'), enabled_events: [] }))).toMatchObject({ statusCode: 400, param: 'enabled_events' });
    });

    it("is the Stripe door's alone: /api/webhook-endpoints by id answers 404 for it, and a PATCH there changes nothing", async () => {
      const { stripe, token } = await merchantClient();
      const endpoint = await stripe.webhookEndpoints.create({ url: receiver.url('/doors'), enabled_events: ['*'] });
      const uuid = endpoint.id.slice(3).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
      const native = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', path = '', payload?: object) =>
        t.request({ method, url: `/api/webhook-endpoints/${uuid}${path}`, headers: bearer(token), ...(payload ? { payload } : {}) });
      for (const res of [await native('GET'), await native('PATCH', '', { eventTypes: ['payment.created'] }), await native('POST', '/rotate-secret'), await native('DELETE')]) {
        expect([res.statusCode, res.json().message]).toEqual([404, 'Webhook endpoint not found']);
      }
      expect(await stripe.webhookEndpoints.retrieve(endpoint.id)).toMatchObject({ enabled_events: ['*'], status: 'enabled' });
    });

    it('sends the enabled events as Stripe event objects, signed so that stripe.webhooks.constructEvent verifies them', async () => {
      const { stripe } = await merchantClient();
      const { secret } = await stripe.webhookEndpoints.create({ url: receiver.url('/enabled'), enabled_events: ['payment_intent.succeeded', 'charge.refunded'] });
      const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
      const hooks = await receiver.waitFor('/enabled', () => true, 2);
      const events = hooks.map((hook) => verified(stripe, hook, secret!));
      expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'charge.refunded']);
      expect(events[0]).toMatchObject({ object: 'event', livemode: false, data: { object: { object: 'payment_intent', id: intent.id, status: 'succeeded', amount: 1500 } } });
      expect(events[1]).toMatchObject({ data: { object: { object: 'charge', payment_intent: intent.id, amount_refunded: 500, refunded: false } } });
      // The same event, by the same id, as GET /v1/events answers it.
      expect(await stripe.events.retrieve(events[0]!.id)).toEqual(events[0]);
      expect(() => verified(stripe, hooks[0]!, 'whsec_not_the_secret')).toThrow(Stripe.errors.StripeSignatureVerificationError);
      await outboxCaughtUp(t);
      expect(receiver.on('/enabled')).toHaveLength(2);
    });

    it("each of Stripe's payment events, for an endpoint of every event ('*')", async () => {
      const { stripe } = await merchantClient();
      const { secret } = await stripe.webhookEndpoints.create({ url: receiver.url('/every'), enabled_events: ['*'] });
      await stripe.paymentIntents.create({ amount: 100, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      await failureOf(stripe.paymentIntents.create({ amount: 100, currency: 'gbp', payment_method: 'pm_card_chargeDeclined', confirm: true }));
      await stripe.paymentIntents.cancel((await stripe.paymentIntents.create({ amount: 100, currency: 'gbp' })).id);
      await stripe.paymentIntents.create({ amount: 100, currency: 'gbp', payment_method: 'pm_card_authenticationRequired', confirm: true, return_url: 'https://shop.example/back' });
      const refunded = await stripe.paymentIntents.create({ amount: 100, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      await stripe.refunds.create({ payment_intent: refunded.id });
      const types = async () => (await receiver.waitFor('/every', () => true, 11)).map((hook) => verified(stripe, hook, secret!).type);
      expect(new Set(await types())).toEqual(
        new Set(['payment_intent.created', 'payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled', 'payment_intent.requires_action', 'charge.refunded']),
      );
    });

    it('a deleted endpoint is sent nothing more', async () => {
      const { stripe } = await merchantClient();
      const endpoint = await stripe.webhookEndpoints.create({ url: receiver.url('/deleted'), enabled_events: ['*'] });
      await stripe.webhookEndpoints.del(endpoint.id);
      await stripe.paymentIntents.create({ amount: 100, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true });
      await outboxCaughtUp(t);
      const [row] = await db.query<{ count: string }[]>(`SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = $1`, [paymentIdOf(endpoint.id)]);
      expect(row!.count).toBe('0');
    });
  });

  describe('pm_card_createDispute', () => {
    it('succeeds; the sandbox bank disputes it a moment later: DisputeOpened, webhook charge.dispute.created, Disputed on the dashboard, no refund', async () => {
      const { stripe, token } = await merchantClient();
      const { secret } = await stripe.webhookEndpoints.create({ url: receiver.url('/disputes'), enabled_events: ['charge.dispute.created'] });
      const intent = await stripe.paymentIntents.create({ amount: 3300, currency: 'eur', payment_method: 'pm_card_createDispute', confirm: true });
      expect(intent.status).toBe('succeeded');

      const [hook] = await receiver.waitFor('/disputes', () => true);
      const event = verified(stripe, hook!, secret!);
      expect(event).toMatchObject({ type: 'charge.dispute.created', data: { object: { object: 'dispute', payment_intent: intent.id, amount: 3300, currency: 'eur', status: 'needs_response' } } });
      const paymentId = paymentIdOf(intent.id);
      const stream = await t.app.get(EventStore).readStream(`payment-${paymentId}`);
      expect(stream.map((e) => e.type)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted', 'DisputeOpened']);

      const transactions = await t.request({ method: 'GET', url: '/api/transactions', headers: bearer(token) });
      expect(transactions.json<{ data: { id: string; status: string }[] }>().data).toEqual([expect.objectContaining({ id: paymentId, status: 'disputed' })]);
      const filtered = await t.request({ method: 'GET', url: '/api/transactions?status=disputed', headers: bearer(token) });
      expect(filtered.json<{ data: { id: string }[] }>().data.map((row) => row.id)).toEqual([paymentId]);
      // Stripe still shows a disputed PaymentIntent as succeeded; the money is in question, not the payment.
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
      expect(await failureOf(stripe.refunds.create({ payment_intent: intent.id }))).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'charge_disputed' });
      expect((await stripe.events.list({ type: 'charge.dispute.created' })).data.map((e) => e.id)).toEqual([event.id]);
    });
  });

  describe('the same payment through /v1 and through /api/client/payments', () => {
    it('records the same domain events with the same data shape, and shows the same way in the merchant transactions', async () => {
      const { stripe, token } = await merchantClient();
      const viaStripe = await stripe.paymentIntents.create({ amount: 10000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true, receipt_email: 'ann@example.com' });
      const viaApi = await createPayment(t, token);
      expect((await pay(t, viaApi, await cardToken(t, CARDS.approve))).json()).toMatchObject({ status: 'completed' });

      const store = t.app.get(EventStore);
      const shapeOf = async (paymentId: string) =>
        (await store.readStream(`payment-${paymentId}`)).map((e) => ({ type: e.type, fields: Object.keys(e.data as object).filter((k) => k !== 'metadata' && k !== 'paymentMethodRef').sort() }));
      expect(await shapeOf(paymentIdOf(viaStripe.id))).toEqual(await shapeOf(viaApi));
      expect((await shapeOf(viaApi)).map((e) => e.type)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted']);

      const rows = (await t.request({ method: 'GET', url: '/api/transactions', headers: bearer(token) })).json<{ data: Record<string, unknown>[] }>().data;
      const row = (id: string) => rows.find((r) => r.id === id)!;
      const comparable = ({ id: _id, gatewayTransactionId: _gw, createdAt: _at, customerName: _name, ...rest }: Record<string, unknown>) => rest;
      expect(comparable(row(paymentIdOf(viaStripe.id)))).toEqual(comparable(row(viaApi)));
      expect(row(viaApi)).toMatchObject({ status: 'completed', amount: '100.00', currency: 'GBP', paymentMethod: 'credit_card' });
    });
  });
});
