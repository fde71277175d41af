import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BootSeed, DEMO } from '../src/seed/index.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer } from './support/auth.js';

describe('boot: staff account from the environment and the demo merchant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true', STAFF_EMAIL: 'ops@tallyline.test', STAFF_PASSWORD: 'staff-password-1' });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) => t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('creates the staff account, which signs in with the staff role', async () => {
    const { token } = (await login('ops@tallyline.test', 'staff-password-1')).json();
    expect((await t.request({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).json().role).toBe('staff');
  });

  it('seeds the demo merchant in staging', async () => {
    const res = await login(DEMO.email, DEMO.password);
    expect(res.statusCode).toBe(200);
    const merchant = (await t.request({ method: 'GET', url: '/api/merchants/current', headers: bearer(res.json().token) })).json();
    expect(merchant).toMatchObject({ companyName: DEMO.companyName, environment: 'staging', isActive: true });
  });

  it('is idempotent across restarts', async () => {
    await t.app.get(BootSeed).run();
    const { DataSource } = await import('typeorm');
    const [{ users }] = (await t.app.get(DataSource).query<[{ users: number }]>('SELECT count(*)::int AS users FROM user_credentials'));
    expect(users).toBe(2);
  });
});
