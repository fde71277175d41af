import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, createStaff } from './support/auth.js';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the API check with the status only to anonymous callers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('checks the database with a real query', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health/database' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', responseTime: expect.any(Number) });
  });

  it('tells staff which PostgreSQL version answers', async () => {
    const staff = await createStaff(t);
    const res = await t.request({ method: 'GET', url: '/api/health/database', headers: bearer(staff.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', responseTime: expect.any(Number), version: expect.stringMatching(/^\d+\.\d+/) });
  });

  it('checks the mail transport', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health/email' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', transport: 'outbox' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, message: expect.any(String) });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.request({ method: 'GET', url: '/api/documentation-json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
    const ui = await t.request({ method: 'GET', url: '/api/documentation' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});
