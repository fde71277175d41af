import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { ConfirmationMailReactor, MAX_CONFIRMATIONS_PER_ADDRESS_PER_DAY } from '../src/onboarding/confirmation-mail/confirmation-mail.reactor.js';
import { EventStore } from '../src/platform/event-store/event-store.port.js';
import { createHttpApp } from '../src/platform/http/configure-app.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, PASSWORD } from './support/auth.js';
import { eventually, multipart, precheckFields } from './support/onboarding.js';
import { rowsRead } from './support/query-plan.js';

const apply = (request: TestApp['request'], remoteAddress: string, fields = precheckFields()) =>
  request({ method: 'POST', url: '/api/merchant-applications', remoteAddress, ...multipart(fields) });

const signUp = (request: TestApp['request'], remoteAddress: string) =>
  request({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    payload: { email: `s-${Math.random().toString(36).slice(2)}@example.test`, password: PASSWORD, firstName: 'A', lastName: 'B' },
  });

describe('per-IP rate limits on the public endpoints', () => {
  let t: TestApp;
  let second: NestFastifyApplication;
  let secondRequest: TestApp['request'];
  beforeAll(async () => {
    t = await createTestApp({ APPLICATION_RATE_LIMIT: '3', SIGNUP_RATE_LIMIT: '2', CHECKOUT_RATE_LIMIT: '2' });
    // A second app instance on the same database, as behind a load balancer.
    second = await createHttpApp(t.config, AppModule.forRoot(t.config));
    await second.init();
    await second.getHttpAdapter().getInstance().ready();
    secondRequest = (options) => second.getHttpAdapter().getInstance().inject(options);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('answers the application over the limit with 429, Retry-After and the standard error shape; other addresses go on', async () => {
    for (let i = 0; i < 3; i++) expect((await apply(t.request, '198.51.100.1')).statusCode).toBe(201);
    const limited = await apply(t.request, '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.json()).toEqual({ statusCode: 429, message: expect.stringMatching(/^Too many requests from your network\. Try again in /) });
    expect(limited.headers['x-content-type-options']).toBe('nosniff');
    expect((await apply(t.request, '198.51.100.2')).statusCode).toBe(201);
  });

  it('shares the count between app instances', async () => {
    expect((await apply(t.request, '198.51.100.3')).statusCode).toBe(201);
    expect((await apply(secondRequest, '198.51.100.3')).statusCode).toBe(201);
    expect((await apply(t.request, '198.51.100.3')).statusCode).toBe(201);
    expect((await apply(secondRequest, '198.51.100.3')).statusCode).toBe(429);
    expect((await apply(t.request, '198.51.100.3')).statusCode).toBe(429);
  });

  it('counts both sign-up doors together', async () => {
    const first = await signUp(t.request, '198.51.100.4');
    expect(first.statusCode).toBe(201);
    expect((await signUp(secondRequest, '198.51.100.4')).statusCode).toBe(201);
    const merchant = await t.request({
      method: 'POST',
      url: '/api/merchants/register',
      remoteAddress: '198.51.100.4',
      headers: bearer(first.json().token),
      payload: { companyName: 'Acme Ltd', email: first.json().user.email, website: 'https://acme.example', businessType: 'SaaS' },
    });
    expect([merchant.statusCode, merchant.headers['retry-after'] !== undefined]).toEqual([429, true]);
    expect((await signUp(t.request, '198.51.100.5')).statusCode).toBe(201);
  });

  it('limits card payments on the hosted pages per address (card testing), whichever payment they try', async () => {
    const payAt = (remoteAddress: string) =>
      t.request({ method: 'POST', url: `/api/checkout/${randomUUID()}/pay`, remoteAddress, payload: { token: 'tok_anything' } });
    expect((await payAt('198.51.100.6')).statusCode).toBe(404);
    expect((await payAt('198.51.100.6')).statusCode).toBe(404);
    const limited = await payAt('198.51.100.6');
    expect([limited.statusCode, limited.headers['retry-after'] !== undefined]).toEqual([429, true]);
    expect((await payAt('198.51.100.7')).statusCode).toBe(404);
  });
});

describe('confirmation mails per recipient address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const mailsTo = async (address: string) =>
    ((await t.app.get(DataSource).query<unknown[]>(`SELECT 1 FROM mail_outbox WHERE "to" = $1`, [address]))).length;

  it(`sends at most ${MAX_CONFIRMATIONS_PER_ADDRESS_PER_DAY} a day to one address, records every application, and skips the same ones when redone`, async () => {
    const victim = 'victim@example.test';
    const references: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await apply(t.request, `203.0.113.${i}`, precheckFields({ primaryEmail: i % 2 ? 'VICTIM@example.test' : victim }));
      expect(res.statusCode).toBe(201);
      references.push(res.json().reference);
    }
    // The reactor handles events in order: once a later application's mail is out, all seven were handled.
    expect((await apply(t.request, '203.0.113.99', precheckFields({ primaryEmail: 'marker@example.test' }))).statusCode).toBe(201);
    expect(await eventually(async () => (await mailsTo('marker@example.test')) === 1)).toBe(true);
    expect(await mailsTo(victim)).toBe(MAX_CONFIRMATIONS_PER_ADDRESS_PER_DAY);
    const recorded = (await t.app.get(DataSource).query<{ reference: string }[]>(`SELECT reference FROM merchant_applications WHERE contact_email = $1`, [victim]));
    expect(recorded.map((r) => r.reference).sort()).toEqual([...references].sort());

    // A batch redone after a crash decides the same: nothing more is sent.
    const events = (await t.app.get(EventStore).readAll(0n, 1000)).filter((e) => e.type === 'ApplicationSubmitted');
    await t.app.get(DataSource).transaction(async (manager) => {
      for (const event of events) await t.app.get(ConfirmationMailReactor).handle(event, manager);
    });
    expect(await mailsTo(victim)).toBe(MAX_CONFIRMATIONS_PER_ADDRESS_PER_DAY);
  });

  it("counts only the address's own mails, through an index, however big the outbox (the count runs inside the reactor's transaction, which holds later events back from every subscriber)", async () => {
    const dataSource = t.app.get(DataSource);
    await dataSource.query(
      `INSERT INTO mail_outbox (dedupe_key, "to", subject, body) SELECT 'bulk:' || g || ':' || $1, 'someone-' || g || '@example.test', 's', 'b' FROM generate_series(1, 5000) g`,
      [randomUUID()],
    );
    const res = await apply(t.request, '203.0.113.120', precheckFields({ primaryEmail: 'indexed@example.test' }));
    expect(res.statusCode).toBe(201);
    const event = (await t.app.get(EventStore).readAll(0n, 10_000)).findLast((e) => e.type === 'ApplicationSubmitted');
    // The reactor's own statements, captured and explained as the planner would run them on a big table.
    const statements: [string, unknown[]][] = [];
    await dataSource.transaction(async (manager) => {
      const query = manager.query.bind(manager);
      manager.query = (sql: string, parameters?: unknown[]) => (statements.push([sql, parameters ?? []]), query(sql, parameters));
      await t.app.get(ConfirmationMailReactor).handle(event!, manager);
    });
    const [sql, parameters] = statements.find(([text]) => text.includes('count(*)'))!;
    const plan = await dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return (await manager.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }[]>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, parameters))[0]!['QUERY PLAN'][0].Plan;
    });
    expect(rowsRead(plan, 'mail_outbox')).toBeLessThanOrEqual(MAX_CONFIRMATIONS_PER_ADDRESS_PER_DAY);
  });
});

