import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant, registerUser } from './support/auth.js';

describe('merchants: registration, environment, API keys, stats', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => t.request({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('registers a merchant for the signed-in user: production, active', async () => {
    const { token, user } = await registerUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/merchants/register',
      headers: bearer(token),
      payload: { companyName: 'Blue Bottle Ltd', email: user.email, website: '', businessType: 'Retail' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: user.id,
      companyName: 'Blue Bottle Ltd',
      email: user.email,
      website: null,
      businessType: 'Retail',
      environment: 'production',
      isActive: true,
      createdAt: expect.any(String),
    });
    expect((await get('/api/merchants/current', token)).json().companyName).toBe('Blue Bottle Ltd');
  });

  it('allows one merchant per user (409) and requires a session (401)', async () => {
    const { token, user } = await registerMerchant(t);
    const again = await t.request({ method: 'POST', url: '/api/merchants/register', headers: bearer(token), payload: { companyName: 'Again', email: user.email, businessType: 'SaaS' } });
    expect(again.statusCode).toBe(409);
    expect((await t.request({ method: 'POST', url: '/api/merchants/register', payload: { companyName: 'X', email: 'a@b.co', businessType: 'SaaS' } })).statusCode).toBe(401);
  });

  it.each([
    [{ companyName: '', email: 'a@b.co', businessType: 'SaaS' }, 'companyName', 'Company name is required'],
    [{ companyName: 'Acme', email: 'nope', businessType: 'SaaS' }, 'email', 'Invalid email address'],
    [{ companyName: 'Acme', email: 'a@b.co', website: 'not a url', businessType: 'SaaS' }, 'website', 'Invalid website URL'],
    [{ companyName: 'Acme', email: 'a@b.co' }, 'businessType', 'Business type is required'],
    [{ companyName: 'Acme', email: 'a@b.co', businessType: '' }, 'businessType', 'Business type is required'],
    [{ companyName: 'Acme', email: 'a@b.co', businessType: 'Casino' }, 'businessType', 'Select a business type from the list'],
  ])('rejects %j with "%s: %s"', async (payload, field, message) => {
    const { token } = await registerUser(t);
    const res = await t.request({ method: 'POST', url: '/api/merchants/register', headers: bearer(token), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message }]);
  });

  it('answers 404 Merchant account not found for a user without one', async () => {
    const { token } = await registerUser(t);
    for (const url of ['/api/merchants/current', '/api/merchants/stats', '/api/merchants/api-keys']) {
      const res = await get(url, token);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 404, 'Merchant account not found']);
    }
  });

  it('toggles the environment without a body, sets it with one, and the next read sees it', async () => {
    const { token } = await registerMerchant(t);
    const toggle = await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: { ...bearer(token), 'content-type': 'application/json' } });
    expect(toggle.statusCode).toBe(200);
    expect(toggle.json().environment).toBe('staging');
    expect((await get('/api/merchants/current', token)).json().environment).toBe('staging');
    const bare = await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(token) });
    expect(bare.json().environment).toBe('production');
    const explicit = await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(token), payload: { environment: 'staging' } });
    expect(explicit.json().environment).toBe('staging');
    const same = await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(token), payload: { environment: 'staging' } });
    expect(same.json().environment).toBe('staging');
    const bad = await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(token), payload: { environment: 'moon' } });
    expect(bad.statusCode).toBe(400);
    const misspelt = await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(token), payload: { environmnt: 'staging' } });
    expect(misspelt.json()).toEqual({ statusCode: 400, message: 'Unrecognized key: "environmnt"', errors: [{ field: 'environmnt', message: 'Unrecognized key: "environmnt"' }] });
    const rows = (await t.app.get(DataSource).query<{ data: unknown }[]>(`SELECT data FROM events WHERE type = 'EnvironmentSwitched' AND stream_id = $1 ORDER BY stream_version`, [`merchant-${toggle.json().id}`]));
    expect(rows.map((r) => r.data)).toEqual([
      expect.objectContaining({ from: 'production', to: 'staging' }),
      expect.objectContaining({ from: 'staging', to: 'production' }),
      expect.objectContaining({ from: 'production', to: 'staging' }),
    ]);
  });

  it('names the environment each environment-scoped answer was served for in Tallyline-Environment', async () => {
    const { token } = await registerMerchant(t);
    const scoped = ['/api/merchants/current', '/api/merchants/stats', '/api/merchants/analytics?days=7', '/api/transactions', '/api/transactions?status=pending&limit=5', '/api/webhook-endpoints'];
    const servedFor = async () => Promise.all(scoped.map(async (url) => [url, (await get(url, token)).headers['tallyline-environment']]));
    expect(await servedFor()).toEqual(scoped.map((url) => [url, 'production']));
    const switched = await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(token), payload: { environment: 'staging' } });
    expect([switched.json().environment, switched.headers['tallyline-environment']]).toEqual(['staging', 'staging']);
    expect(await servedFor()).toEqual(scoped.map((url) => [url, 'staging']));
    // Not environment-scoped: no header.
    expect((await get('/api/payment-methods', token)).headers['tallyline-environment']).toBeUndefined();
  });

  it('starts stats at zero', async () => {
    const { token, merchant } = await registerMerchant(t);
    expect((await get('/api/merchants/stats', token)).json()).toEqual({
      currency: null, environment: merchant.environment, totalRevenue: 0, totalTransactions: 0, successRate: 0, avgTransactionAmount: 0, byCurrency: [],
    });
  });

  it('shows a secret key in full once, masked afterwards, and authenticates client calls with it', async () => {
    const { token, merchant } = await registerMerchant(t);
    expect((await get('/api/merchants/api-keys', token)).json()).toEqual([]);
    const created = await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) });
    expect(created.statusCode).toBe(201);
    const secret: string = created.json().key;
    expect(secret).toMatch(/^sk_test_[\w-]{40,}$/);
    const listed = (await get('/api/merchants/api-keys', token)).body;
    expect(listed).not.toContain(secret);
    expect(JSON.parse(listed)).toEqual([{ environment: 'staging', key: `sk_test_••••••••${secret.slice(-4)}`, last4: secret.slice(-4), createdAt: expect.any(String) }]);
    const me = await get('/api/client/merchant', secret);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: merchant.id, credentialEnvironment: 'staging' });
    const live = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/production/rotate', headers: bearer(token) })).json().key as string;
    expect(live).toMatch(/^sk_live_/);
    expect((await get('/api/client/merchant', live)).json().credentialEnvironment).toBe('production');
    const events = (await t.app.get(DataSource).query<{ data: string }[]>(`SELECT data::text AS data FROM events WHERE stream_id = $1`, [`merchant-${merchant.id}`]));
    expect(events.map((e) => e.data).join()).not.toContain(secret.slice(8, 20));
  });

  it('stops accepting the old key once rotated', async () => {
    const { token } = await registerMerchant(t);
    const first = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json().key as string;
    const second = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json().key as string;
    expect(second).not.toBe(first);
    expect((await get('/api/client/merchant', first)).statusCode).toBe(401);
    expect((await get('/api/client/merchant', second)).statusCode).toBe(200);
    const sandbox = await t.request({ method: 'POST', url: '/api/merchants/api-keys/sandbox/rotate', headers: bearer(token) });
    expect([sandbox.statusCode, sandbox.json().errors]).toEqual([400, [{ field: 'environment', message: 'Environment must be production or staging' }]]);
  });

  it('accepts API keys only on client routes, and made-up keys nowhere', async () => {
    const { token } = await registerMerchant(t);
    const secret = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json().key as string;
    expect((await get('/api/merchants/current', secret)).statusCode).toBe(401);
    expect((await get('/api/client/merchant', 'sk_test_made-up-key-000000000000000000000')).statusCode).toBe(401);
    expect((await get('/api/client/merchant')).statusCode).toBe(401);
    expect((await get('/api/client/merchant', token)).statusCode).toBe(200);
  });

  it("never shows one merchant another's account", async () => {
    const a = await registerMerchant(t, { companyName: 'Alpha' });
    const b = await registerMerchant(t, { companyName: 'Bravo' });
    expect((await get('/api/merchants/current', a.token)).json().companyName).toBe('Alpha');
    expect((await get('/api/merchants/current', b.token)).json().companyName).toBe('Bravo');
    await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(a.token) });
    expect((await get('/api/merchants/api-keys', b.token)).json()).toEqual([]);
  });
});
