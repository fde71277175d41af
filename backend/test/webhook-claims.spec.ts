import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { PaymentsProjection } from '../src/payments/read-models/payments.projection.js';
import { EventStore } from '../src/platform/event-store/event-store.port.js';
import { streamNames } from '../src/platform/event-store/stream-names.js';
import { DeliveryWorker } from '../src/webhooks/delivery/delivery-worker.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { outboxCaughtUp } from './support/caught-up.js';
import { HttpReceiver } from './support/http-receiver.js';
import { createPayment } from './support/payments.js';

/**
 * What a payment costs the database besides its own rows: no claim of webhook deliveries when the
 * outbox queued none (most merchants have no endpoint), no read of payment rows a batch of new
 * payments cannot have. The poll is ten minutes away, so a delivery that arrives came from the claim
 * the outbox started.
 */
describe('statements a payment does not need', () => {
  let t: TestApp;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '600000' });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  async function stagingKey(): Promise<string> {
    const { token } = await registerMerchant(t);
    return (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json<{ key: string }>().key;
  }

  it('claims webhook deliveries only after the outbox queued one, and then at once', async () => {
    // The worker's private claim: the statement a delivery costs the database.
    const claim = jest.spyOn(t.app.get<DeliveryWorker, { claim: () => Promise<unknown[]> }>(DeliveryWorker), 'claim');
    const quiet = await stagingKey();
    for (let i = 0; i < 3; i++) await createPayment(t, quiet);
    await outboxCaughtUp(t);
    expect(claim).not.toHaveBeenCalled();

    const listened = await stagingKey();
    const created = await t.request({ method: 'POST', url: '/api/webhook-endpoints', headers: bearer(listened), payload: { url: receiver.url('/claims') } });
    expect(created.statusCode).toBe(201);
    const paymentId = await createPayment(t, listened);
    const [hook] = await receiver.waitFor('/claims', (request) => request.json.transaction_id === paymentId);
    expect(hook?.json.type).toBe('payment.created');
    expect(claim).toHaveBeenCalled();
  });

  it('reads no payment rows to project a batch of new payments, and writes them as before', async () => {
    const key = await stagingKey();
    const ids = [await createPayment(t, key), await createPayment(t, key)];
    const events = (await Promise.all(ids.map((id) => t.app.get(EventStore).readStream(streamNames.payment(id))))).flat();
    expect(events.map((event) => event.type)).toEqual(['PaymentCreated', 'PaymentCreated']);
    const db = t.app.get(DataSource);
    const rows = () => db.query<unknown[]>('SELECT * FROM payments WHERE id = ANY($1) ORDER BY id', [ids]);
    const projected = await rows();

    const manager = db.createEntityManager();
    const query = jest.spyOn(manager, 'query');
    await t.app.get(PaymentsProjection).handleBatch(events, manager);
    expect(query.mock.calls.map(([sql]) => sql.trim().split(/\s+/)[0])).toEqual(['INSERT']);
    expect(await rows()).toEqual(projected);
  });
});
