import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';

const LIMIT = 20;

describe('failed API-key authentications are limited per client address', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    // The default limit, and a proxy whose X-Forwarded-For names the client.
    t = await createTestApp({ API_KEY_FAILURE_LIMIT: String(LIMIT), TRUST_PROXY: '10.0.0.0/8' });
    const { token } = await registerMerchant(t);
    key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json<{ key: string }>().key;
  });
  afterAll(() => t.close());

  const wrongKey = (n: number) => `sk_test_guess${String(n).padStart(40, '0')}`;
  const call = (secret: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: '/api/client/merchant', remoteAddress, headers: { ...bearer(secret), ...headers } });

  it(`answers the attempt after ${LIMIT} wrong keys with 429 and Retry-After, to that address only; below the limit a valid key works`, async () => {
    for (let i = 0; i < LIMIT - 1; i++) expect((await call(wrongKey(i), '198.51.100.10')).statusCode).toBe(401);
    expect((await call(key, '198.51.100.10')).statusCode).toBe(200);
    expect((await call(wrongKey(LIMIT), '198.51.100.10')).statusCode).toBe(401);

    const limited = await call(wrongKey(LIMIT + 1), '198.51.100.10');
    expect([limited.statusCode, limited.json()]).toEqual([429, { statusCode: 429, message: 'Too many failed API key attempts from your network. Try again in 15 minutes.' }]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
    // During the lockout even the right key is refused, so a lucky guess is not told apart.
    expect((await call(key, '198.51.100.10')).statusCode).toBe(429);
    // The Stripe-compatible door is the same lock, in Stripe's shape, with Retry-After.
    const stripe = await t.request({ method: 'GET', url: '/v1/payment_intents', remoteAddress: '198.51.100.10', headers: bearer(key) });
    expect([stripe.statusCode, stripe.json().error.code, Number(stripe.headers['retry-after']) > 0]).toEqual([429, 'rate_limit', true]);

    // Another address is not affected.
    expect((await call(wrongKey(0), '198.51.100.11')).statusCode).toBe(401);
    expect((await call(key, '198.51.100.11')).statusCode).toBe(200);
  });

  it('behind a trusted proxy, counts each client that X-Forwarded-For names, not the proxy', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await call(wrongKey(i), '10.0.0.5', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(401);
    expect((await call(key, '10.0.0.5', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(429);
    expect((await call(key, '10.0.0.5', { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(200);
  });

  it('leaves sessions alone: a wrong session token is not an API-key attempt', async () => {
    const { token } = await registerMerchant(t);
    for (let i = 0; i < LIMIT + 1; i++) expect((await call('not.a.token', '198.51.100.12')).statusCode).toBe(401);
    expect((await call(key, '198.51.100.12')).statusCode).toBe(200);
    expect((await call(token, '198.51.100.10')).statusCode).toBe(200);
  });
});

describe('failed API-key authentications counted by another instance (or before a restart)', () => {
  it('are held against the address here too: one attempt, which is counted, then 429', async () => {
    const first = await createTestApp({ API_KEY_FAILURE_LIMIT: String(LIMIT) });
    const { token } = await registerMerchant(first);
    const key = (await first.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json<{ key: string }>().key;
    const call = (app: TestApp, secret: string, remoteAddress = '198.51.100.20') => app.request({ method: 'GET', url: '/api/client/merchant', remoteAddress, headers: bearer(secret) });
    for (let i = 0; i < LIMIT; i++) expect((await call(first, `sk_test_guess${i}`)).statusCode).toBe(401);
    await first.stop();
    // A fresh instance (Passport's strategies are per process, so two apps cannot share one test process).
    const second = await createTestApp({ API_KEY_FAILURE_LIMIT: String(LIMIT) }, { database: first.database });
    try {
      // It has not seen the address fail: it looks the key up, and counts the failure ...
      expect((await call(second, 'sk_test_guess-again')).statusCode).toBe(401);
      // ... and from then on knows the address is locked out, a right key included.
      expect((await call(second, 'sk_test_guess-once-more')).statusCode).toBe(429);
      expect((await call(second, key)).statusCode).toBe(429);
      expect((await call(second, key, '198.51.100.21')).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
