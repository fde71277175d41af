import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { DatabasePool } from '../src/platform/database/database-pool.js';
import { AppModule } from '../src/app.module.js';
import { AppConfig } from '../src/platform/config/app-config.js';
import { createHttpApp } from '../src/platform/http/configure-app.js';
import { ProcessorRunner } from '../src/platform/projections/processor-runner.js';
import { ProjectionRebuilder, type ReplayProgress } from '../src/platform/projections/rebuild/projection-rebuilder.js';
import type { TestApp } from './support/app.js';
import { bearer, createStaff, registerMerchant } from './support/auth.js';
import { givenPayments } from './support/given-payments.js';
import { createApplication, createOnboardingApp, eventually } from './support/onboarding.js';
import { present } from './support/present.js';

/** Every projection's table, in a stable order. */
const TABLES = {
  users: 'id',
  user_credentials: 'user_id',
  api_keys: 'id',
  merchants: 'id',
  merchant_applications: 'id',
  application_history: 'position',
  event_log: 'position',
  payment_methods: 'id',
  payments: 'id',
  gateway_calls: 'call_id',
  payment_stat_facts: 'payment_id',
  payment_stats: 'merchant_id, environment, currency',
  payment_daily_stats: 'merchant_id, environment, day, currency, payment_method, country',
  crypto_payments: 'id',
  stripe_events: 'event_id',
  application_daily_counts: 'day',
};

/**
 * `npm run replay` next to a running app: the app (`t`, running projections) serves requests while a
 * second process (`replayer`, no processors, as the CLI starts it) rebuilds every projection.
 */
describe('replay on a live system', () => {
  let t: TestApp;
  let db: pg.Pool;
  let staffToken: string;
  const replayers: NestFastifyApplication[] = [];

  beforeAll(async () => {
    t = await createOnboardingApp();
    db = new DatabasePool({ connectionString: t.database.url });
    staffToken = (await createStaff(t)).token;
    // Merchants that switch environment and get activated, applications reviewed: updates that a bulk
    // fold has to carry across chunks.
    for (let i = 0; i < 4; i++) {
      const { token, user } = await registerMerchant(t, { companyName: `Shop ${i}` });
      if (i % 2 === 0) {
        await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(token) });
        expect((await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).statusCode).toBe(201);
      }
      const method = await t.request({ method: 'POST', url: '/api/payment-methods', headers: bearer(token), payload: { name: `Cards ${i}`, type: 'credit_card' } });
      await t.request({ method: 'PATCH', url: `/api/payment-methods/${method.json<{ id: string }>().id}`, headers: bearer(token), payload: { isActive: i % 2 === 0 } });
      const payment = { amount: 1000 + i, currency: 'GBP', customerEmail: 'c@example.com', customerName: 'C', orderId: `o-${i}`, paymentMethod: 'credit_card', environment: 'staging' };
      expect((await t.request({ method: 'POST', url: '/api/client/payments', headers: bearer(token), payload: payment })).statusCode).toBe(201);
      const crypto = { amount: 10 + i, currency: 'EUR', targetCrypto: 'BTC', customerEmail: 'c@example.com', environment: 'staging' };
      const created = await t.request({ method: 'POST', url: '/api/crypto-payments/create', headers: bearer(token), payload: crypto });
      expect(created.statusCode).toBe(201);
      if (i % 2 === 0) await t.request({ method: 'POST', url: `/api/crypto-checkout/${created.json<{ payment: { id: string } }>().payment.id}/simulate`, payload: { outcome: 'confirm' } });
      // Paid, refunded and failed payments: /v1/events rows (stripe-events) for events after the creation too.
      const merchant = (await t.request({ method: 'GET', url: '/api/merchants/current', headers: bearer(token) })).json<{ id: string }>();
      await givenPayments(t, [{ merchantId: merchant.id, outcome: { refunded: [100, 200] } }, { merchantId: merchant.id, outcome: 'failed' }]);
      const { id } = await createApplication(t, { primaryEmail: user.email, companyName: `Shop ${i}` });
      await review(id, 'under_review');
      if (i % 2 === 1) await review(id, 'approved');
    }
    // Activation is a reactor's follow-up command: let it land before comparing anything.
    const reactorDone = async () =>
      (await db.query(`SELECT 1 FROM processor_checkpoints WHERE name = 'approved-merchant-activation' AND position >= (SELECT max(global_position) FROM events)`)).rowCount === 1;
    expect(await eventually(reactorDone)).toBe(true);
    await caughtUp();
  });
  afterAll(async () => {
    for (const replayer of replayers) await replayer.close().catch(() => undefined);
    await db.end();
    await t.close();
  });

  async function review(id: string, status: string) {
    const res = await t.request({ method: 'PATCH', url: `/api/admin/merchant-applications/${id}/status`, headers: bearer(staffToken), payload: { status } });
    expect(res.statusCode).toBe(200);
  }

  /** A second process on the same database, as `npm run replay` starts it. */
  async function startReplayer(applicationName: string): Promise<ProjectionRebuilder> {
    const url = new URL(t.database.url);
    url.searchParams.set('application_name', applicationName);
    const config = AppConfig.override({ DATABASE_URL: url.toString(), LOG_LEVEL: 'silent', RUN_PROCESSORS: 'false', SEED_DEMO: 'false', STAFF_EMAIL: '', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256' });
    const replayer = await createHttpApp(config, AppModule.forRoot(config));
    await replayer.init();
    replayers.push(replayer);
    return replayer.get(ProjectionRebuilder);
  }

  async function snapshot() {
    const entries = await Promise.all(Object.entries(TABLES).map(async ([table, key]) => [table, (await db.query(`SELECT * FROM ${table} ORDER BY ${key}`)).rows] as const));
    return Object.fromEntries(entries);
  }

  async function caughtUp() {
    const { rows } = await db.query<{ head: string }>('SELECT max(global_position)::text AS head FROM events');
    expect(await t.app.get(ProcessorRunner).waitFor(BigInt(present(rows[0], 'the head position').head))).toBe(true);
  }

  const shadowSchemas = async () => (await db.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild\\_%' ORDER BY 1`)).rows.map((r) => r.nspname as string);

  /** A hook that holds the replay once half the events are in, until released. */
  function holdHalfWay(total: number) {
    let reached!: () => void;
    let release!: () => void;
    const halfWay = new Promise<void>((resolve) => (reached = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const onProgress = async ({ processed }: ReplayProgress) => {
      if (processed < total / 2 || processed >= total) return;
      reached();
      await released;
    };
    return { halfWay, release, onProgress };
  }

  const eventCount = async () => Number((await db.query('SELECT count(*) FROM events')).rows[0].count);

  it('keeps serving reads and projecting new writes while it runs, and swaps in equal tables holding those writes once', async () => {
    const before = await snapshot();
    // The rows a later event of a payment adds take their merchant from its first row: there are such rows to rebuild.
    expect(new Set(present(before.stripe_events, 'the stripe_events table').map((row: { type: string }) => row.type))).toEqual(
      new Set(['payment_intent.created', 'payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded']),
    );
    const rebuilder = await startReplayer('replayer-live');
    const hold = holdHalfWay(await eventCount());
    let finished = false;
    const replay = rebuilder.rebuild([], { chunkSize: 7, onProgress: hold.onProgress }).finally(() => (finished = true));
    await hold.halfWay;

    // Half-way: the staff queue reads the live tables, and a new sign-up is projected by the live app.
    const queue = await t.request({ method: 'GET', url: '/api/admin/merchant-applications', headers: bearer(staffToken) });
    expect([queue.statusCode, queue.json()]).toEqual([200, expect.arrayContaining([expect.objectContaining({ companyName: 'Shop 3' })])]);
    const during = await registerMerchant(t, { companyName: 'Signed up during the replay' });
    const current = await t.request({ method: 'GET', url: '/api/merchants/current', headers: bearer(during.token) });
    expect([current.statusCode, current.json().companyName]).toEqual([200, 'Signed up during the replay']);
    expect(finished).toBe(false);
    expect(await shadowSchemas()).toHaveLength(t.app.get(ProcessorRunner).projections.length);
    const live = await snapshot();
    expect(live.merchants).toHaveLength(present(before.merchants, 'the merchants table').length + 1);

    hold.release();
    const summaries = await replay;
    // Every projection the app runs was rebuilt, none forgotten.
    expect(summaries.map((s) => s.name).sort()).toEqual(t.app.get(ProcessorRunner).projections.map((p) => p.name).sort());
    expect(summaries.map((s) => s.name)).toContain('application-daily-counts');
    await caughtUp();
    // The swapped tables are the live ones: the write made during the replay is there exactly once.
    expect(await snapshot()).toEqual(live);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM merchants WHERE company_name = $1', ['Signed up during the replay']);
    expect(rows[0].n).toBe(1);
    expect(await shadowSchemas()).toEqual([]);

    // And the live processors carry on from the swapped checkpoint.
    const after = await registerMerchant(t, { companyName: 'Signed up after the replay' });
    const mine = await t.request({ method: 'GET', url: '/api/merchants/current', headers: bearer(after.token) });
    expect([mine.statusCode, mine.json().companyName]).toEqual([200, 'Signed up after the replay']);
  });

  it('killed half-way, leaves the live tables intact and untouched by it; run again, it succeeds', async () => {
    await caughtUp();
    const before = await snapshot();
    const killed = await startReplayer('replayer-killed');
    const hold = holdHalfWay(await eventCount());
    let finished = false;
    void killed
      .rebuild([], { chunkSize: 5, onProgress: hold.onProgress })
      .catch(() => undefined)
      .finally(() => (finished = true));
    await hold.halfWay;
    // kill -9: the process never runs another line, the server just loses its connections.
    await db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'replayer-killed'`);
    expect(finished).toBe(false);
    expect(await snapshot()).toEqual(before);
    expect(await shadowSchemas()).toHaveLength(t.app.get(ProcessorRunner).projections.length);

    // The app never noticed: it still projects new writes.
    const during = await registerMerchant(t, { companyName: 'Signed up after the kill' });
    expect((await t.request({ method: 'GET', url: '/api/merchants/current', headers: bearer(during.token) })).statusCode).toBe(200);
    const live = await snapshot();

    const rerun = await startReplayer('replayer-rerun');
    await rerun.rebuild([], { chunkSize: 5 });
    await caughtUp();
    expect(await snapshot()).toEqual(live);
    expect(await shadowSchemas()).toEqual([]);
  });

  it('waits out a long transaction on a live table without blocking other readers behind its swap, and says what holds it', async () => {
    const warnings: string[] = [];
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    await caughtUp();
    const before = await snapshot();
    const blocker = await db.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT count(*) FROM merchants');
    const rebuilder = await startReplayer('replayer-busy');
    let finished = false;
    const replay = rebuilder.rebuild(['merchants'], { chunkSize: 50 }).finally(() => (finished = true));
    const swapWaiting = async () =>
      (await db.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'replayer-busy' AND wait_event_type = 'Lock' AND query LIKE 'LOCK TABLE%'`)).rowCount === 1;
    expect(await eventually(swapWaiting)).toBe(true);
    // A reader arriving now queues behind the swap's lock request only until that request gives up.
    expect((await db.query('SELECT count(*)::int AS n FROM merchants')).rows[0].n).toBe(present(before.merchants, 'the merchants table').length);
    expect(finished).toBe(false);
    // Its first wait runs out: the operator is told which transaction holds the table, and it tries again.
    expect(await eventually(async () => warnings.some((w) => w.startsWith('Swap of "merchants"')))).toBe(true);
    expect(warnings.find((w) => w.startsWith('Swap of "merchants"'))).toContain('idle in transaction');
    expect(warnings.find((w) => w.startsWith('Swap of "merchants"'))).toContain('SELECT count(*) FROM merchants');
    expect(finished).toBe(false);
    await blocker.query('COMMIT');
    blocker.release();
    await replay;
    warn.mockRestore();
    expect(await snapshot()).toEqual(before);
  });
});
