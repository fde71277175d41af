import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { WebhookEndpoint } from '@tallyline/contracts';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';

/** What the webhook endpoints API refuses: another merchant's endpoint, bad bodies and parameters. Nothing here is delivered. */
describe('webhook endpoints: refusals', () => {
  let t: TestApp;
  /** The merchant's sk_test_ key. */
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
    const merchant = await registerMerchant(t);
    key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(merchant.token) })).json<{ key: string }>().key;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, auth = key) =>
    t.request({ method, url, headers: bearer(auth), ...(payload ? { payload } : {}) });
  /** An endpoint no one listens at: nothing is sent to it here. */
  async function endpoint(): Promise<WebhookEndpoint> {
    const res = await call('POST', '/api/webhook-endpoints', { url: 'http://127.0.0.1:9/hooks' });
    expect(res.statusCode).toBe(201);
    return res.json<WebhookEndpoint>();
  }

  it("another merchant's endpoint is 404 whatever the route", async () => {
    const { id } = await endpoint();
    const other = await registerMerchant(t);
    const delivery = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, payload] of [
      ['GET', `/api/webhook-endpoints/${id}`],
      ['PATCH', `/api/webhook-endpoints/${id}`, { enabled: false }],
      ['DELETE', `/api/webhook-endpoints/${id}`],
      ['POST', `/api/webhook-endpoints/${id}/rotate-secret`],
      ['GET', `/api/webhook-endpoints/${id}/deliveries`],
      ['POST', `/api/webhook-endpoints/${id}/deliveries/${delivery}/retry`],
      ['POST', `/api/webhook-endpoints/${id}/replay?since=2026-01-01T00:00:00Z`],
    ] as const) {
      const res = await call(method, url, payload, other.token);
      expect([method, url, res.statusCode, res.json().message]).toEqual([method, url, 404, 'Webhook endpoint not found']);
    }
    expect((await call('GET', `/api/webhook-endpoints/${id}`)).json()).toMatchObject({ enabled: true });
  });

  it.each([
    [{}, 'url', 'Webhook URL must be a valid http(s) URL'],
    [{ url: 'not a url' }, 'url', 'Webhook URL must be a valid http(s) URL'],
    [{ url: 'ftp://hooks.shop.test/x' }, 'url', 'Webhook URL must be a valid http(s) URL'],
    [{ url: 'https://user:pw@hooks.shop.test/x' }, 'url', 'Webhook URL must not contain credentials'],
    [{ url: 'https://hooks.shop.test/x', eventTypes: ['payment.exploded'] }, 'eventTypes.0', expect.stringContaining('Event type must be one of payment.created')],
    [{ url: 'https://hooks.shop.test/x', eventTypes: 'payment.created' }, 'eventTypes', 'eventTypes must be a list of event types'],
    [{ url: 'https://hooks.shop.test/x', secret: 'mine' }, '', expect.any(String)],
  ])('refuses the endpoint %j with 400 on %s', async (payload, field, message) => {
    const res = await call('POST', '/api/webhook-endpoints', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ field: field || expect.any(String), message });
  });

  it("lists a session's endpoints of the environment it names, and refuses a parameter it does not know", async () => {
    const merchant = await registerMerchant(t);
    const created = await call('POST', '/api/webhook-endpoints', { url: 'http://127.0.0.1:9/hooks' }, merchant.token);
    expect(created.statusCode).toBe(201);
    // Made in the merchant's current environment; the other one has none.
    const current = created.json<WebhookEndpoint>().environment;
    const other = current === 'staging' ? 'production' : 'staging';
    const elsewhere = await call('GET', `/api/webhook-endpoints?environment=${other}`, undefined, merchant.token);
    expect([elsewhere.statusCode, elsewhere.headers['tallyline-environment'], elsewhere.json()]).toEqual([200, other, []]);
    const here = await call('GET', `/api/webhook-endpoints?environment=${current}`, undefined, merchant.token);
    expect(here.json<WebhookEndpoint[]>().map((e) => e.url)).toEqual(['http://127.0.0.1:9/hooks']);
    expect((await call('GET', '/api/webhook-endpoints?environment=bogus', undefined, merchant.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/webhook-endpoints?enviroment=production', undefined, merchant.token)).statusCode).toBe(400);
  });

  it('refuses bad replay times, cursors, limits and delivery ids with 400/404', async () => {
    const { id } = await endpoint();
    expect((await call('POST', `/api/webhook-endpoints/${id}/replay?since=yesterday`)).json()).toMatchObject({ statusCode: 400, message: 'since must be an ISO 8601 date-time' });
    expect((await call('POST', `/api/webhook-endpoints/${id}/replay`)).statusCode).toBe(400);
    // A misspelt parameter is refused before anything is queued again.
    const extra = await call('POST', `/api/webhook-endpoints/${id}/replay?since=2020-01-01T00:00:00Z&x=1`);
    expect([extra.statusCode, extra.json().errors]).toEqual([400, [{ field: 'x', message: 'Unrecognized key: "x"' }]]);
    expect((await call('POST', `/api/webhook-endpoints/${id}/replay?since=2020-01-01T00:00:00Z&environment=staging`)).statusCode).toBe(202);
    expect((await call('GET', `/api/webhook-endpoints/${id}/deliveries?cursor=nonsense`)).json()).toMatchObject({ statusCode: 400, message: 'cursor is not valid' });
    expect((await call('GET', `/api/webhook-endpoints/${id}/deliveries?cursor=${'a'.repeat(201)}`)).json()).toMatchObject({ statusCode: 400, message: 'cursor is not valid' });
    const unstorable = Buffer.from(JSON.stringify(['2026', '5b20a795-8cd5-4c78-80c9-7e96793feb12'])).toString('base64url');
    expect((await call('GET', `/api/webhook-endpoints/${id}/deliveries?cursor=${unstorable}`)).json()).toMatchObject({ statusCode: 400, message: 'cursor is not valid' });
    expect((await call('GET', `/api/webhook-endpoints/${id}/deliveries?limit=0`)).statusCode).toBe(400);
    // As /api/transactions: a misspelt parameter is refused, not silently ignored.
    const misspelt = (await call('GET', `/api/webhook-endpoints/${id}/deliveries?limt=5`)).json();
    expect([misspelt.statusCode, misspelt.errors]).toEqual([400, [{ field: 'limt', message: 'Unrecognized key: "limt"' }]]);
    // ?environment= is not unknown: every route a key may call takes it (the key's own).
    expect((await call('GET', `/api/webhook-endpoints/${id}/deliveries?environment=staging`)).statusCode).toBe(200);
    expect((await call('POST', `/api/webhook-endpoints/${id}/deliveries/nope/retry`)).json()).toMatchObject({ statusCode: 404, message: 'Webhook delivery not found' });
    expect((await call('GET', '/api/webhook-endpoints/not-a-uuid')).statusCode).toBe(404);
    // The POSTs that take no body refuse one with fields, as the others refuse an unknown field; {} is no body.
    const before = (await call('GET', `/api/webhook-endpoints/${id}`)).json<WebhookEndpoint>();
    const mine = await call('POST', `/api/webhook-endpoints/${id}/rotate-secret`, { secret: 'whsec_mine' });
    expect([mine.statusCode, mine.json().errors]).toEqual([400, [{ field: 'secret', message: 'Unrecognized key: "secret"' }]]);
    expect((await call('GET', `/api/webhook-endpoints/${id}`)).json<WebhookEndpoint>().secret).toBe(before.secret);
    expect((await call('POST', `/api/webhook-endpoints/${id}/replay?since=2020-01-01T00:00:00Z`, { x: 1 })).statusCode).toBe(400);
    expect((await call('POST', `/api/webhook-endpoints/${id}/deliveries/nope/retry`, { force: true })).statusCode).toBe(400);
    expect((await call('POST', `/api/webhook-endpoints/${id}/replay?since=2020-01-01T00:00:00Z`, {})).statusCode).toBe(202);
    // A PATCH that changes nothing is refused, as the payment methods' is.
    expect((await call('PATCH', `/api/webhook-endpoints/${id}`, {})).json()).toMatchObject({ statusCode: 400, message: 'Send at least one of url, eventTypes, enabled' });
  });
});
