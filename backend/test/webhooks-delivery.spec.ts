import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { WebhookDelivery, WebhookDeliveryPage, WebhookEndpoint } from '@tallyline/contracts';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { WebhookClock } from '../src/webhooks/delivery/webhook-clock.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { createPayment } from './support/payments.js';
import { HttpReceiver, type ReceivedRequest } from './support/http-receiver.js';

/** Issue 14: timeouts, a crash in the middle of a delivery, and SSRF refusal, each on its own app. */
let receiver: HttpReceiver;
beforeAll(async () => {
  receiver = await HttpReceiver.start();
});
afterAll(() => receiver.close());

const call = (t: TestApp, key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.request({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });
async function stagingKey(t: TestApp): Promise<string> {
  const { token } = await registerMerchant(t);
  return (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json<{ key: string }>().key;
}
async function endpoint(t: TestApp, key: string, url: string): Promise<WebhookEndpoint> {
  const res = await call(t, key, 'POST', '/api/webhook-endpoints', { url, eventTypes: ['payment.created'] });
  expect(res.statusCode).toBe(201);
  return res.json<WebhookEndpoint>();
}
/** The endpoint's latest delivery once `done` holds (jest's timeout bounds the wait). */
async function recorded(t: TestApp, key: string, id: string, done: (delivery: WebhookDelivery) => boolean): Promise<WebhookDelivery> {
  for (;;) {
    const [latest] = (await call(t, key, 'GET', `/api/webhook-endpoints/${id}/deliveries`)).json<WebhookDeliveryPage>().data;
    if (latest && done(latest)) return latest;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const about = (paymentId: string) => (hook: ReceivedRequest) => hook.json.transaction_id === paymentId;
const DEV = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '20' };

describe('an endpoint that does not answer in time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...DEV, WEBHOOK_TIMEOUT_MS: '300' });
  });
  afterAll(() => t.close());

  it('is a failed attempt (no answer within the timeout), retried on the schedule with the same webhook-id', async () => {
    const key = await stagingKey(t);
    const { id } = await endpoint(t, key, receiver.url('/slow'));
    receiver.answers.set('/slow', ['hold']);
    const paymentId = await createPayment(t, key);
    const [first] = await receiver.waitFor('/slow', about(paymentId));
    const failed = await recorded(t, key, id, (d) => d.lastError !== null);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: null, lastError: 'No answer within 300 ms' });
    first!.respond(200); // too late: the attempt was given up
    t.app.get(WebhookClock).advance(6_000);
    const both = await receiver.waitFor('/slow', about(paymentId), 2);
    expect(both[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(await recorded(t, key, id, (d) => d.status === 'delivered')).toMatchObject({ attempts: 2, lastResponseCode: 200, lastError: null });
  });
});

describe('the worker losing its claims connection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(DEV);
  });
  afterAll(() => t.close());

  it('reconnects by itself and goes on delivering', async () => {
    const key = await stagingKey(t);
    const { id } = await endpoint(t, key, receiver.url('/claims-lost'));
    const before = await createPayment(t, key);
    await receiver.waitFor('/claims-lost', about(before));
    const [ended] = await t.app
      .get(DataSource)
      .query<{ n: number }[]>("SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'tallyline:webhook-claims'");
    expect(ended?.n).toBe(1);
    const after = await createPayment(t, key);
    await receiver.waitFor('/claims-lost', about(after));
    expect(await recorded(t, key, id, (d) => d.status === 'delivered')).toMatchObject({ attempts: 1, lastResponseCode: 200 });
  });
});

describe('the outbox as a queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...DEV, WEBHOOK_VACUUM_AFTER: '3' });
  });
  afterAll(() => t.close());

  it('is vacuumed by the worker itself once it has claimed WEBHOOK_VACUUM_AFTER rows since the last time', async () => {
    const vacuums = async () =>
      (await t.app.get(DataSource).query<{ n: number }[]>(`SELECT vacuum_count::int AS n FROM pg_stat_user_tables WHERE relname = 'webhook_deliveries'`))[0]!.n;
    const key = await stagingKey(t);
    await endpoint(t, key, receiver.url('/vacuumed'));
    const before = await vacuums();
    const first = await createPayment(t, key);
    await receiver.waitFor('/vacuumed', about(first));
    expect(await vacuums()).toBe(before);
    for (const paymentId of [await createPayment(t, key), await createPayment(t, key)]) await receiver.waitFor('/vacuumed', about(paymentId));
    while ((await vacuums()) === before) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await vacuums()).toBe(before + 1);
  });
});

describe('a crash in the middle of a delivery, then a restart', () => {
  let first: TestApp;
  let restarted: TestApp;
  afterAll(async () => {
    await restarted.close();
  });

  it('delivers after the restart once the lease runs out, with the same webhook-id and a valid signature', async () => {
    first = await createTestApp({ ...DEV, WEBHOOK_TIMEOUT_MS: '60000' });
    const key = await stagingKey(first);
    const { id, secret } = await endpoint(first, key, receiver.url('/crash'));
    receiver.answers.set('/crash', ['hold']);
    const paymentId = await createPayment(first, key);
    const [cut] = await receiver.waitFor('/crash', about(paymentId));
    // The instance dies with the attempt in flight: nothing about it is recorded.
    await first.stop();
    restarted = await createTestApp({ ...DEV, WEBHOOK_TIMEOUT_MS: '60000' }, { database: first.database });
    const claimed = await recorded(restarted, key, id, () => true);
    expect(claimed).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: null, lastError: null });
    // Claimed by the dead instance: left alone until its lease (the timeout plus 30 s) runs out.
    expect(Date.parse(claimed.nextAttemptAt!) - Date.parse(claimed.lastAttemptAt!)).toBe(90_000);
    restarted.app.get(WebhookClock).advance(91_000);
    const [, again] = await receiver.waitFor('/crash', about(paymentId), 2);
    expect(again!.headers['webhook-id']).toBe(cut!.headers['webhook-id']);
    expect(new Webhook(secret).verify(again!.body, again!.headers as Record<string, string>)).toEqual(cut!.json);
    expect(await recorded(restarted, key, id, (d) => d.status === 'delivered')).toMatchObject({ attempts: 2, lastResponseCode: 200 });
  });
});

describe('a shutdown with deliveries in flight to a hanging and a slow receiver', () => {
  let restarted: TestApp;
  afterAll(() => restarted.close());

  it('waits up to SHUTDOWN_TIMEOUT_MS: the slow answer is recorded and never sent again; the hanging one is cut off and sent again with its webhook-id', async () => {
    const first = await createTestApp({ ...DEV, WEBHOOK_TIMEOUT_MS: '60000', SHUTDOWN_TIMEOUT_MS: '3000' });
    const key = await stagingKey(first);
    const hanging = await endpoint(first, key, receiver.url('/shutdown-hanging'));
    const slow = await endpoint(first, key, receiver.url('/shutdown-slow'));
    receiver.answers.set('/shutdown-hanging', ['hold']);
    receiver.answers.set('/shutdown-slow', ['hold']);
    const paymentId = await createPayment(first, key);
    const [hung] = await receiver.waitFor('/shutdown-hanging', about(paymentId));
    const [late] = await receiver.waitFor('/shutdown-slow', about(paymentId));

    // Resolving at all is the point: a shutdown waiting for every answer would never end.
    const stopped = first.stop();
    // The slow receiver answers while the instance is stopping (a rolling restart).
    await new Promise((resolve) => setTimeout(resolve, 300));
    late!.respond(200);
    await stopped;
    expect([await hung!.ended, await late!.ended]).toEqual(['cut off', 'answered']);

    restarted = await createTestApp({ ...DEV, WEBHOOK_TIMEOUT_MS: '60000' }, { database: first.database });
    expect(await recorded(restarted, key, slow.id, () => true)).toMatchObject({ status: 'delivered', attempts: 1, lastResponseCode: 200 });
    // Nothing was recorded of the cut-off attempt: its lease brings it back.
    restarted.app.get(WebhookClock).advance(91_000);
    const [, again] = await receiver.waitFor('/shutdown-hanging', about(paymentId), 2);
    expect(again!.headers['webhook-id']).toBe(hung!.headers['webhook-id']);
    expect(new Webhook(hanging.secret).verify(again!.body, again!.headers as Record<string, string>)).toEqual(hung!.json);
    expect(await recorded(restarted, key, hanging.id, (d) => d.status === 'delivered')).toMatchObject({ attempts: 2, lastResponseCode: 200 });
    expect(receiver.received.filter((hook) => hook.path === '/shutdown-slow' && about(paymentId)(hook))).toHaveLength(1);
  });
});

describe('SSRF: private targets refused (the default once DATABASE_URL is set)', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_POLL_MS: '20' });
    key = await stagingKey(t);
  });
  afterAll(() => t.close());

  it.each([
    ['http://hooks.shop.test/x', 'Webhook URL must use https'],
    ['http://127.0.0.1:8080/x', 'Webhook URL must use https'],
    ['https://127.0.0.1/x', 'Webhook URL must not point to a private, loopback or link-local address'],
    ['https://localhost/x', 'Webhook URL must not point to a private, loopback or link-local address'],
    ['https://[::1]/x', 'Webhook URL must not point to a private, loopback or link-local address'],
    ['https://[::ffff:10.0.0.1]/x', 'Webhook URL must not point to a private, loopback or link-local address'],
    ['https://[::127.0.0.1]/x', 'Webhook URL must not point to a private, loopback or link-local address'],
    ['https://[::7f00:1]/x', 'Webhook URL must not point to a private, loopback or link-local address'],
    ['https://169.254.169.254/latest/meta-data', 'Webhook URL must not point to a private, loopback or link-local address'],
    ['https://192.168.1.10/x', 'Webhook URL must not point to a private, loopback or link-local address'],
    ['https://no-such-host.invalid/x', 'Webhook URL host could not be resolved'],
  ])('refuses %s with 400', async (url, message) => {
    const res = await call(t, key, 'POST', '/api/webhook-endpoints', { url });
    expect([res.statusCode, res.json().errors]).toEqual([400, [{ field: 'url', message }]]);
  });

  it('checks again at delivery time: endpoints made while private targets were allowed get nothing once they are not', async () => {
    const dev = await createTestApp(DEV);
    const devKey = await stagingKey(dev);
    const plain = await endpoint(dev, devKey, receiver.url('/ssrf'));
    const loopback = await endpoint(dev, devKey, 'https://localhost:9/ssrf');
    await dev.stop();
    const strict = await createTestApp({ WEBHOOK_POLL_MS: '20' }, { database: dev.database });
    try {
      await createPayment(strict, devKey);
      expect(await recorded(strict, devKey, plain.id, (d) => d.lastError !== null)).toMatchObject({ lastError: 'Webhook URL must use https', lastResponseCode: null });
      expect(await recorded(strict, devKey, loopback.id, (d) => d.lastError !== null)).toMatchObject({
        lastError: 'Webhook URL must not point to a private, loopback or link-local address',
      });
      expect(receiver.on('/ssrf')).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
