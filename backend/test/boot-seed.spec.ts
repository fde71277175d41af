import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RegisterUser } from '../src/identity/index.js';
import { systemContext } from '../src/platform/commands/command-context.js';
import { lifecycle } from '../src/platform/lifecycle.js';
import { DEMO_PAYMENT_COUNT } from '../src/seed/demo-payments.js';
import { BootSeed, DEMO } from '../src/seed/index.js';
import { createTestApp, type TestApp } from './support/app.js';
import { createTestDatabase } from './support/database.js';
import { bearer } from './support/auth.js';

const SAMPLE = 60;

describe('boot: staff account from the environment and the demo merchant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true', STAFF_EMAIL: 'ops@tallyline.test', STAFF_PASSWORD: 'staff-password-1' }, { listen: true });
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
    const [{ users }] = (await t.app.get(DataSource).query<[{ users: number }]>('SELECT count(*)::int AS users FROM user_credentials'));
    expect(users).toBe(2);
  });

  it('gives the demo merchant sample payments made through the real commands and the sandbox', async () => {
    // The boot seeds DEMO_PAYMENT_COUNT (a few hundred); the first 60 of the same plan show every kind.
    expect(DEMO_PAYMENT_COUNT).toBeGreaterThanOrEqual(200);
    const seed = t.app.get(BootSeed);
    expect(await seed.seedDemoPayments(SAMPLE)).toBe(SAMPLE);
    const db = t.app.get(DataSource);
    const statuses = async () =>
      Object.fromEntries(
        (await db.query<{ status: string; n: number }[]>(`SELECT status, count(*)::int AS n FROM payments GROUP BY status`)).map((r) => [r.status, r.n]),
      );
    const seeded = await statuses();
    expect(Object.values(seeded).reduce((sum, n) => sum + n, 0)).toBe(SAMPLE);
    expect(seeded).toMatchObject({ completed: expect.any(Number), failed: expect.any(Number), pending: expect.any(Number), refunded: expect.any(Number) });
    const [{ partial }] = await db.query<[{ partial: number }]>(`SELECT count(*)::int AS partial FROM payments WHERE status = 'completed' AND refunded_minor > 0`);
    expect(partial).toBeGreaterThan(0);
    // Real gateway charges, one per paid payment, and a history spread over the last 90 days.
    const [{ charges }] = await db.query<[{ charges: number }]>(`SELECT count(*)::int AS charges FROM sandbox_gateway_transactions WHERE request_type = 0`);
    expect(charges).toBe(SAMPLE - (seeded.pending ?? 0));
    const [{ days }] = await db.query<[{ days: number }]>(`SELECT (max(created_at)::date - min(created_at)::date) AS days FROM payments`);
    expect(days).toBeGreaterThanOrEqual(85);
    // No IPN is asked for: one arriving on today's clock would record a 60-day-old payment as paid today.
    const [{ notified }] = await db.query<[{ notified: number }]>(`SELECT count(*)::int AS notified FROM sandbox_gateway_transactions WHERE ipn_url IS NOT NULL`);
    expect(notified).toBe(0);
    // Each payment's timeline as it would have happened: paid minutes after it was made, refunded a day
    // later (or by now), never at the time the seed ran.
    const steps = await db.query<{ type: string; after_ms: number }[]>(
      `SELECT e.type, extract(epoch FROM ((e.data->>'at')::timestamptz - (c.data->>'createdAt')::timestamptz)) * 1000 AS after_ms
         FROM events e JOIN events c ON c.stream_id = e.stream_id AND c.type = 'PaymentCreated'
        WHERE e.type IN ('PaymentAttempted', 'PaymentCompleted', 'PaymentFailed', 'RefundRequested', 'RefundCompleted')`,
    );
    const paid = steps.filter((step) => step.type.startsWith('Payment'));
    expect(paid.length).toBeGreaterThan(0);
    for (const step of paid) expect([step.type, step.after_ms >= 0 && step.after_ms < 3 * 60_000]).toEqual([step.type, true]);
    const refunds = steps.filter((step) => step.type.startsWith('Refund'));
    expect(refunds.length).toBeGreaterThan(0);
    for (const step of refunds) expect([step.type, step.after_ms > 0 && step.after_ms < 86_400_000 + 60_000]).toEqual([step.type, true]);
    // A second run (the same process, say after a retry) records nothing new.
    await seed.seedDemoPayments(SAMPLE);
    expect(await statuses()).toEqual(seeded);
  }, 120_000);

  it('stops making sample payments at shutdown, and the next boot makes the rest; a complete demo is left alone', async () => {
    const seed = t.app.get(BootSeed);
    const payments = async () => (await t.app.get(DataSource).query<[{ n: number }]>(`SELECT count(*)::int AS n FROM payments`))[0].n;
    // The test above made the plan's first SAMPLE payments: a plan of SAMPLE + 3 is not complete.
    await seed.run(SAMPLE + 3);
    lifecycle.stopping = true;
    try {
      expect(await seed.seedDemoPayments()).toBe(0);
    } finally {
      lifecycle.stopping = false;
    }
    expect(await payments()).toBe(SAMPLE);
    await seed.run(SAMPLE + 3);
    expect(await seed.seedDemoPayments()).toBe(SAMPLE + 3);
    expect(await payments()).toBe(SAMPLE + 3);
    await seed.run(SAMPLE + 3);
    expect(await seed.seedDemoPayments()).toBe(0);
  }, 120_000);
});

describe('boot: a demo seeding that stopped between the account and the merchant', () => {
  it('is finished by the next boot: the merchant is registered, in staging, and gets its payments', async () => {
    const database = await createTestDatabase();
    const first = await createTestApp({}, { database });
    await first.app.get(CommandBus).execute(new RegisterUser({ email: DEMO.email, password: DEMO.password, firstName: 'Demo', lastName: 'Merchant', role: 'merchant' }, systemContext('demo-seed')));
    await first.stop();
    const next = await createTestApp({ SEED_DEMO: 'true' }, { database, listen: true });
    try {
      const { token } = (await next.request({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO.email, password: DEMO.password } })).json();
      const merchant = (await next.request({ method: 'GET', url: '/api/merchants/current', headers: bearer(token) })).json();
      expect(merchant).toMatchObject({ companyName: DEMO.companyName, environment: 'staging' });
      expect(await next.app.get(BootSeed).seedDemoPayments(3)).toBe(3);
    } finally {
      await next.close();
    }
  }, 120_000);
});
