import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { WebhookEndpoint } from '@tallyline/contracts';
import { DataSource } from 'typeorm';
import { EventStore } from '../src/platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../src/platform/projections/processor-runner.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { outboxCaughtUp } from './support/caught-up.js';
import { HttpReceiver, type ReceivedRequest } from './support/http-receiver.js';
import { createPayment } from './support/payments.js';

const OUTBOX = 'webhook-outbox';

/**
 * The outbox reactor's batch path: events that pile up while it is stopped come to it as one batch,
 * queued in one statement. The rows must be exactly those the event-by-event path would queue.
 */
describe('webhook outbox, a batch at a time', () => {
  let t: TestApp;
  let db: DataSource;
  let receiver: HttpReceiver;
  let paths = 0;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '20', WEBHOOK_TIMEOUT_MS: '60000' });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  async function keys(): Promise<{ merchantId: string; staging: string; production: string }> {
    const { token, merchant } = await registerMerchant(t);
    const rotate = async (environment: string) =>
      (await t.request({ method: 'POST', url: `/api/merchants/api-keys/${environment}/rotate`, headers: bearer(token) })).json<{ key: string }>().key;
    return { merchantId: merchant.id, staging: await rotate('staging'), production: await rotate('production') };
  }
  async function endpoint(key: string, body: object): Promise<WebhookEndpoint & { path: string }> {
    const path = `/batch/${++paths}`;
    const res = await t.request({ method: 'POST', url: '/api/webhook-endpoints', headers: bearer(key), payload: { url: receiver.url(path), ...body } });
    expect(res.statusCode).toBe(201);
    return { ...res.json<WebhookEndpoint>(), path };
  }
  /** A Stripe-format endpoint (another format, same outbox), through /v1/webhook_endpoints. */
  async function stripeEndpoint(key: string): Promise<string> {
    const path = `/batch/${++paths}`;
    const res = await t.request({
      method: 'POST',
      url: '/v1/webhook_endpoints',
      headers: { ...bearer(key), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `url=${encodeURIComponent(receiver.url(path))}&enabled_events[]=payment_intent.created`,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db.query<{ id: string }[]>(`SELECT id FROM webhook_endpoints WHERE url = $1`, [receiver.url(path)]);
    return row!.id;
  }
  /** Runs `appendWhileStopped` with the reactor stopped, then starts it: what piled up is one batch. */
  async function asOneBatch(appendWhileStopped: () => Promise<void>): Promise<void> {
    const runner = t.app.get(ProcessorRunner);
    await runner.stop(OUTBOX);
    await appendWhileStopped();
    runner.start(runner.processorNamed(OUTBOX)!);
    await outboxCaughtUp(t);
  }
  /** [endpoint, payment, webhook type, webhook-id] of every row queued for these payments. */
  async function queued(paymentIds: string[]): Promise<string[][]> {
    const rows = await db.query<{ endpoint_id: string; payment_id: string; event_type: string; webhook_id: string }[]>(
      `SELECT d.endpoint_id, e.data->>'paymentId' AS payment_id, d.event_type, d.webhook_id
         FROM webhook_deliveries d JOIN events e ON e.event_id = d.event_id WHERE e.data->>'paymentId' = ANY($1)`,
      [paymentIds],
    );
    return rows.map((r) => [r.endpoint_id, r.payment_id, r.event_type, r.webhook_id]).sort();
  }
  const eventIdOf = async (paymentId: string) =>
    (await db.query<{ event_id: string }[]>(`SELECT event_id FROM events WHERE type = 'PaymentCreated' AND data->>'paymentId' = $1`, [paymentId]))[0]!.event_id;
  /** The webhook-id the event-by-event path gives the event at that endpoint: receivers de-duplicate on it. */
  const webhookId = (eventId: string, endpointId: string) => `msg_${createHash('sha256').update(`${eventId}:${endpointId}`).digest('hex').slice(0, 32)}`;
  const about = (paymentId: string) => (hook: ReceivedRequest) => hook.json.transaction_id === paymentId;

  it('queues each event for exactly the enabled endpoints of its merchant, environment, type and format', async () => {
    const [a, b] = [await keys(), await keys()];
    const aStaging = await endpoint(a.staging, {});
    const aCompletedOnly = await endpoint(a.staging, { eventTypes: ['payment.completed'] });
    const aProduction = await endpoint(a.production, { eventTypes: ['payment.created'] });
    const aStripe = await stripeEndpoint(a.staging);
    const bStaging = await endpoint(b.staging, { eventTypes: ['payment.created'] });
    const bDisabled = await endpoint(b.staging, {});
    expect((await t.request({ method: 'PATCH', url: `/api/webhook-endpoints/${bDisabled.id}`, headers: bearer(b.staging), payload: { enabled: false } })).statusCode).toBe(200);

    const payments: Record<string, string> = {};
    await asOneBatch(async () => {
      payments.aStaging1 = await createPayment(t, a.staging);
      payments.aProduction = await createPayment(t, a.production, { environment: 'production' });
      payments.bStaging = await createPayment(t, b.staging);
      payments.aStaging2 = await createPayment(t, a.staging);
    });

    const expected: [string, string, string][] = [
      [aStaging.id, payments.aStaging1!, 'payment.created'],
      [aStaging.id, payments.aStaging2!, 'payment.created'],
      [aStripe, payments.aStaging1!, 'payment_intent.created'],
      [aStripe, payments.aStaging2!, 'payment_intent.created'],
      [aProduction.id, payments.aProduction!, 'payment.created'],
      [bStaging.id, payments.bStaging!, 'payment.created'],
    ];
    const withIds = await Promise.all(expected.map(async ([endpointId, paymentId, type]) => [endpointId, paymentId, type, webhookId(await eventIdOf(paymentId), endpointId)]));
    expect(await queued(Object.values(payments))).toEqual(withIds.sort());
    expect(withIds.some(([endpointId]) => endpointId === aCompletedOnly.id || endpointId === bDisabled.id)).toBe(false);
    // And they go out: each once, under the same webhook-id.
    const [hook] = await receiver.waitFor(aProduction.path, about(payments.aProduction!));
    expect(hook!.headers['webhook-id']).toBe(webhookId(await eventIdOf(payments.aProduction!), aProduction.id));
    for (const paymentId of [payments.aStaging1!, payments.aStaging2!]) await receiver.waitFor(aStaging.path, about(paymentId));
    await receiver.waitFor(bStaging.path, about(payments.bStaging!));
  });

  it('dead-letters a poison event in the middle of a batch and delivers the events around it, once each', async () => {
    const a = await keys();
    const hooks = await endpoint(a.staging, { eventTypes: ['payment.created'] });
    const store = t.app.get(EventStore);
    const paymentIds: string[] = [];
    let poisonId = '';
    await asOneBatch(async () => {
      for (let i = 0; i < 2; i++) paymentIds.push(await createPayment(t, a.staging));
      // A payment whose merchant id is no id at all (a bad import, say): no endpoint query takes it.
      poisonId = randomUUID();
      const data = { paymentId: poisonId, merchantId: 'not-a-merchant-id', environment: 'staging', amountMinor: 1000, currency: 'GBP', customerEmail: 'x@example.com', orderId: 'o', paymentMethod: 'credit_card', createdAt: new Date().toISOString() };
      await store.append(`payment-${poisonId}`, [{ type: 'PaymentCreated', data, metadata: { actor: { type: 'system', id: 'test' }, correlationId: 'c', causationId: 'c', schemaVersion: 1 } }], 'no_stream');
      // After it, appended as the app's command does (the payments read model stops at the poison).
      for (let i = 0; i < 2; i++) {
        const paymentId = randomUUID();
        const after = { ...data, paymentId, merchantId: a.merchantId };
        await store.append(`payment-${paymentId}`, [{ type: 'PaymentCreated', data: after, metadata: { actor: { type: 'system', id: 'test' }, correlationId: 'c', causationId: 'c', schemaVersion: 1 } }], 'no_stream');
        paymentIds.push(paymentId);
      }
    });

    const dead = await db.query<{ event_type: string; attempts: number }[]>(`SELECT event_type, attempts FROM processor_dead_letters WHERE processor = $1 AND event_id = $2`, [OUTBOX, await eventIdOf(poisonId)]);
    expect(dead).toEqual([{ event_type: 'PaymentCreated', attempts: 4 }]);
    expect(t.app.get(ProcessorRunner).failure(OUTBOX)).toBeUndefined();
    expect((await queued(paymentIds)).map(([endpointId, paymentId]) => [endpointId, paymentId])).toEqual(paymentIds.map((paymentId) => [hooks.id, paymentId]).sort());
    for (const paymentId of paymentIds) await receiver.waitFor(hooks.path, about(paymentId));
    await outboxCaughtUp(t);
    expect(paymentIds.map((paymentId) => receiver.on(hooks.path).filter(about(paymentId)).length)).toEqual([1, 1, 1, 1]);
  });
});
