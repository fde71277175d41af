import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { LoginThrottle } from '../src/identity/login/login-throttle.js';
import { createTestApp, type TestApp } from './support/app.js';
import { PASSWORD, registerUser } from './support/auth.js';

const loginFrom = (t: TestApp, email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers });

/** Failed sign-ins recorded straight away: argon2 makes each real one slow, and one test proves they are recorded. */
async function failures(t: TestApp, count: number, email: string, ip: string): Promise<void> {
  for (let i = 0; i < count; i++) await t.app.get(LoginThrottle).recordFailure(email, ip, new Date());
}

/** The IP recorded in the metadata of a user's UserRegistered event (what the audit trail shows). */
async function registeredFrom(t: TestApp, remoteAddress: string, forwardedFor: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `ip-${Math.random().toString(36).slice(2)}@example.test`, password: PASSWORD, firstName: 'A', lastName: 'B' },
  });
  expect(res.statusCode).toBe(201);
  const [row] = (await t.app.get(DataSource).query<[{ ip: string }]>(`SELECT metadata->>'ip' AS ip FROM events WHERE stream_id = $1`, [`user-${res.json().user.id}`]));
  return row.ip;
}

describe('behind no proxy (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ignores a forged X-Forwarded-For: the login limit still counts the real address', async () => {
    await registerUser(t, { email: 'forged@example.test' });
    for (let i = 0; i < 10; i++) {
      const res = await loginFrom(t, 'forged@example.test', `wrong-${i}-password`, '198.51.100.20', { 'x-forwarded-for': `203.0.113.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await loginFrom(t, 'forged@example.test', PASSWORD, '198.51.100.20', { 'x-forwarded-for': '203.0.113.200' });
    expect(blocked.statusCode).toBe(429);
  });

  it('ignores a forged X-Forwarded-For: it cannot dodge the per-address limit on spraying many accounts', async () => {
    for (let i = 0; i < 49; i++) await failures(t, 1, `dodge-${i}@example.test`, '192.0.2.90');
    expect((await loginFrom(t, 'dodge-x@example.test', 'whatever-123', '192.0.2.90', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(401);
    expect((await loginFrom(t, 'dodge-y@example.test', 'whatever-123', '192.0.2.90', { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(429);
  });

  it('records the real address, not a forged X-Forwarded-For, in the audit trail', async () => {
    expect(await registeredFrom(t, '198.51.100.21', '203.0.113.66')).toBe('198.51.100.21');
  });

  it('never lets a stranger’s failures lock the owner out: 429 with Retry-After for the stranger only', async () => {
    await registerUser(t, { email: 'owner@example.test' });
    await failures(t, 9, 'owner@example.test', '192.0.2.50');
    expect((await loginFrom(t, 'owner@example.test', 'guess-password', '192.0.2.50')).statusCode).toBe(401);
    const stranger = await loginFrom(t, 'owner@example.test', PASSWORD, '192.0.2.50');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(800);
    expect(stranger.json()).toEqual({ statusCode: 429, message: expect.any(String) });
    // The owner, from their own address, is not blocked and signs in.
    expect((await loginFrom(t, 'owner@example.test', PASSWORD, '198.51.100.51')).statusCode).toBe(200);
  });

  it('counts an owner’s own mistakes per address and forgives them after a success', async () => {
    await registerUser(t, { email: 'clumsy@example.test' });
    await failures(t, 9, 'clumsy@example.test', '198.51.100.60');
    expect((await loginFrom(t, 'clumsy@example.test', PASSWORD, '198.51.100.60')).statusCode).toBe(200);
    await failures(t, 9, 'clumsy@example.test', '198.51.100.60');
    expect((await loginFrom(t, 'clumsy@example.test', PASSWORD, '198.51.100.60')).statusCode).toBe(200);
  });

  it('throttles one address that sprays many accounts', async () => {
    for (let i = 0; i < 50; i++) await failures(t, 1, `spray-${i}@example.test`, '192.0.2.77');
    expect((await loginFrom(t, 'fresh@example.test', 'whatever-123', '192.0.2.77')).statusCode).toBe(429);
    expect((await loginFrom(t, 'fresh@example.test', 'whatever-123', '192.0.2.78')).statusCode).toBe(401);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => t.close());

  it('takes the client address from X-Forwarded-For set by a listed proxy, and only then', async () => {
    expect(await registeredFrom(t, '10.1.2.3', '203.0.113.77')).toBe('203.0.113.77');
    expect(await registeredFrom(t, '198.51.100.9', '203.0.113.78')).toBe('198.51.100.9');
  });
});

describe('CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: 'https://shop.example, https://admin.shop.example' });
  });
  afterAll(() => t.close());

  const preflight = (origin: string) =>
    t.request({ method: 'OPTIONS', url: '/api/merchants/environment', headers: { origin, 'access-control-request-method': 'PATCH' } });

  it('gives a foreign origin, or "null", no Access-Control-Allow-Origin', async () => {
    for (const origin of ['https://evil.example', 'null', 'https://shop.example.evil.example']) {
      const res = await t.request({ method: 'GET', url: '/api/health', headers: { origin } });
      expect([origin, res.headers['access-control-allow-origin']]).toEqual([origin, undefined]);
      expect([origin, (await preflight(origin)).headers['access-control-allow-origin']]).toEqual([origin, undefined]);
    }
  });

  it('allows a listed origin, with credentials, and lists every method the API uses in the preflight', async () => {
    const res = await preflight('https://shop.example');
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
    expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH']));
  });

  it('answers an OPTIONS without Origin (no preflight) with the methods and no origin allowed, not an error', async () => {
    for (const headers of [{}, { 'access-control-request-method': 'POST' }]) {
      const res = await t.request({ method: 'OPTIONS', url: '/api/merchants/environment', headers });
      expect(res.statusCode).toBe(204);
      expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH']));
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

describe('CORS by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: '' });
  });
  afterAll(() => t.close());

  it('allows no other origin: the apps are served from the API’s own', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health', headers: { origin: 'http://localhost:5173' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
