import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, createStaff, registerMerchant } from './support/auth.js';
import { createApplication, PDF } from './support/onboarding.js';

describe('headers and caching', () => {
  let t: TestApp;
  let staffToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    staffToken = (await createStaff(t)).token;
  });
  afterAll(() => t.close());

  it('sends tokens, keys and every other API answer with Cache-Control: no-store', async () => {
    const { token } = await registerMerchant(t);
    const answers = [
      await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.test', password: 'whatever-123' } }),
      await t.request({ method: 'GET', url: '/api/merchants/api-keys', headers: bearer(token) }),
      await t.request({ method: 'GET', url: '/api/admin/events/export', headers: bearer(staffToken) }),
      await t.request({ method: 'GET', url: '/api/nope' }),
    ];
    expect(answers.map((res) => res.headers['cache-control'])).toEqual(['no-store', 'no-store', 'no-store', 'no-store']);
  });

  it('serves a document under a name and type of our choosing, as an attachment, uncached, with helmet’s headers', async () => {
    const { id, reference } = await createApplication(t, {}, [{ field: 'passportId', filename: 'poly.html', contentType: 'text/html', content: PDF }]);
    const res = await t.request({ method: 'GET', url: `/api/admin/merchant-applications/${id}/documents/passportId`, headers: bearer(staffToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${reference}-passportId.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('keeps helmet’s headers on a CORS preflight', async () => {
    const res = await t.request({ method: 'OPTIONS', url: '/api/auth/login', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not show the PostgreSQL version to anonymous callers or merchants', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health/database' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', responseTime: expect.any(Number) });
    expect(res.body).not.toMatch(/PostgreSQL|\d+\.\d+/);
    const asMerchant = await t.request({ method: 'GET', url: '/api/health/database', headers: bearer((await registerMerchant(t)).token) });
    expect(asMerchant.json()).toEqual({ status: 'ok', responseTime: expect.any(Number) });
  });
});
