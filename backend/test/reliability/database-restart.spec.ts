import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DatabasePool } from '../../src/platform/database/database-pool.js';
import { HttpReceiver } from '../support/http-receiver.js';
import { appEnvironment, startApp, type AppProcess } from './support/app-process.js';
import { call, waitUntil } from './support/http.js';
import { startOwnPostgres } from './support/own-postgres.js';
import { acknowledgedEventCounts, caughtUp, doubledEvents } from './support/verify.js';
import { setUp, startLoad } from './support/write-load.js';

describe('PostgreSQL restarted under write load', () => {
  let postgres: Awaited<ReturnType<typeof startOwnPostgres>>;
  let receiver: HttpReceiver;
  let dataDir: string;
  let app: AppProcess | undefined;
  let load: ReturnType<typeof startLoad> | undefined;
  beforeAll(async () => {
    postgres = await startOwnPostgres();
    receiver = await HttpReceiver.start();
    dataDir = await mkdtemp(join(tmpdir(), 'tallyline-reliability-'));
  });
  afterAll(async () => {
    // A failed test left its writers running: they would keep Jest (and CI) from ever exiting.
    await load?.stop();
    await app?.kill();
    await receiver.close();
    await postgres.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 (never 500) while the database is down, reconnects by itself and loses no acknowledged write', async () => {
    // Connection attempts give up after 2 s, so a request waiting for one answers while the database is still down.
    const env = { ...appEnvironment(postgres.url, dataDir), DB_CONNECT_TIMEOUT_MS: '2000' };
    app = await startApp(env);
    const base = app.url;
    const fixture = await setUp(base, receiver, { merchants: 2, applications: 10 });
    const merchant = fixture.merchants[0]!;
    load = startLoad(() => base, fixture, 4);
    const writers = load;
    await waitUntil('30 acknowledged writes before the database stops', () => writers.acknowledged() >= 30);

    await postgres.stop();
    // What a client sees meanwhile: reads, writes, sign-in and health, each answered, each a 503.
    const probes = {
      'GET /api/client/payments': () => call(base, 'GET', '/api/client/payments', { token: merchant.token }),
      'POST /api/client/payments': () =>
        call(base, 'POST', '/api/client/payments', { token: merchant.token, body: { amount: 1500, currency: 'GBP', customerEmail: 'a@example.com', customerName: 'A', paymentMethod: 'credit_card', environment: 'staging', orderId: 'down' } }),
      'POST /api/auth/login': () => call(base, 'POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'whatever-123' } }),
      'GET /api/admin/merchant-applications': () => call(base, 'GET', '/api/admin/merchant-applications', { token: fixture.staffToken }),
      'GET /api/health': () => call(base, 'GET', '/api/health'),
    };
    const whileDown: Record<string, number[]> = {};
    for (const [name, probe] of Object.entries(probes)) {
      // A cut connection is a failure either way; the app's own output says whether it died.
      const answer = await probe().catch((error: Error) => {
        throw new Error(`${name} while the database was down: ${error.message} (${String(error.cause)}); the app ${app?.child.exitCode ?? app?.child.signalCode ?? 'still runs'}:\n${app?.output().slice(-4000)}`);
      });
      whileDown[name] = [answer.status];
    }
    // The probes alone can take well under a second: keep the database down until a writer has met it too.
    await waitUntil('a writer to be answered 503', () => (writers.ledger.statuses[503] ?? 0) > 0, 60_000);
    const writesBeforeRestart = writers.acknowledged();
    await postgres.start();

    await waitUntil('30 acknowledged writes after the database is back', () => writers.acknowledged() >= writesBeforeRestart + 30);
    const ledger = await writers.stop();
    console.log(`answers while it ran: ${JSON.stringify(ledger.statuses)}`);
    expect(whileDown).toEqual(Object.fromEntries(Object.keys(probes).map((name) => [name, [503]])));
    expect(ledger.serverErrors).toEqual([]);

    const db = new DatabasePool({ connectionString: postgres.url, max: 2 });
    try {
      await waitUntil('every processor to reach the head of the log', () => caughtUp(db));
      const counts = await acknowledgedEventCounts(db, ledger);
      for (const [type, found] of Object.entries(counts)) expect([type, found.filter((n) => n !== 1)]).toEqual([type, []]);
      expect(await doubledEvents(db)).toEqual([]);
    } finally {
      await db.end();
    }
    await app.stop();
    expect(await app.exited).toBe(0);
  }, 600_000);
});
