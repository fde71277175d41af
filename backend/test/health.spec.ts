import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
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
    // Laid out for the phone's width, not 980 px.
    expect(ui.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });
});

describe('health while the database does not answer', () => {
  it('answers 503 within its probe time instead of waiting for the database', async () => {
    // One connection, held by a query that takes 8 s: to a probe, a database that does not answer.
    const t = await createTestApp({ DB_POOL_MAX: '1', RUN_PROCESSORS: 'false' });
    try {
      const busy = t.app.get(DataSource).query('SELECT pg_sleep(8)');
      const [api, database] = await Promise.all([t.request({ method: 'GET', url: '/api/health' }), t.request({ method: 'GET', url: '/api/health/database' })]);
      expect([api.statusCode, api.json()]).toEqual([503, { status: 'error' }]);
      expect([database.statusCode, database.json()]).toEqual([503, { status: 'error', responseTime: expect.any(Number), error: 'No answer from the database within 3000 ms' }]);
      await busy;
    } finally {
      await t.close();
    }
  });
});
