import { afterEach, describe, expect, it } from '@jest/globals';
import { startApp, type AppProcess } from './support/app-process.js';
import { call, waitUntil } from './support/http.js';
import { createScenario } from './support/scenario.js';
import { acknowledgedEventCounts, caughtUp, doubledEvents, readModelsAndReplay, webhookProblems } from './support/verify.js';
import { setUp, startLoad, type Ledger } from './support/write-load.js';

type Scenario = Awaited<ReturnType<typeof createScenario>>;

/** Nothing acknowledged is missing or doubled, the read models equal a replay, every webhook arrived. */
async function expectNothingLostOrDoubled(s: Scenario, ledger: Ledger, expiring: string[]): Promise<void> {
  expect(ledger.serverErrors).toEqual([]);
  // The seeded crypto payments all expire (once), whoever ran the expiry pass when.
  await waitUntil('the expired crypto payments to be expired', async () => {
    const { rows } = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'CryptoPaymentExpired' AND stream_id = ANY($1)`, [expiring.map((id) => `crypto_payment-${id}`)]);
    return rows[0]!.n >= expiring.length;
  });
  await waitUntil('every processor to reach the head of the log', () => caughtUp(s.db));

  const counts = await acknowledgedEventCounts(s.db, ledger);
  for (const [type, found] of Object.entries(counts)) expect([type, found.filter((n) => n !== 1)]).toEqual([type, []]);
  expect(await doubledEvents(s.db)).toEqual([]);
  expect(await webhookProblems(s.db, s.receiver)).toEqual([]);
  const { live, replayed } = await readModelsAndReplay(s.db, s.env);
  for (const table of Object.keys(live)) expect([table, replayed[table]]).toEqual([table, live[table]]);
}

const summary = (ledger: Ledger) =>
  `acknowledged: ${ledger.created.length} payments created, ${ledger.paid.length} paid, ${ledger.refunded.length} refunded, ${ledger.signUps.length} sign-ups, ` +
  `${ledger.reviews.length} reviews, ${ledger.keyHashes.length} key rotations, ${ledger.cryptoCreated.length} crypto payments; answers ${JSON.stringify(ledger.statuses)}`;

describe('the built app killed under write load', () => {
  let scenario: Scenario | undefined;
  afterEach(async () => {
    await scenario?.dispose();
    scenario = undefined;
  });

  it('kill -9 mid-load, restart: every acknowledged write exactly once, read models equal a replay, every webhook delivered once under one id', async () => {
    const s = (scenario = await createScenario());
    let app: AppProcess = s.track(await startApp(s.env));
    const port = Number(new URL(app.url).port);
    const fixture = await setUp(app.url, s.receiver);
    const expiring = await s.seedExpiredCryptoPayments(fixture.merchants, 12);
    const load = startLoad(() => app.url, fixture);

    await waitUntil('60 acknowledged writes before the kill', () => load.acknowledged() >= 60);
    await app.kill();
    const atKill = load.acknowledged();
    // The writers keep trying against the dead port; the restarted app takes the same one.
    app = s.track(await startApp(s.env, port));
    await waitUntil('60 acknowledged writes after the restart', () => load.acknowledged() >= atKill + 60);
    const ledger = await load.stop();
    console.log(summary(ledger));
    expect(ledger.paid.length).toBeGreaterThan(0);
    expect(ledger.statuses[0]).toBeGreaterThan(0); // the kill did cut requests off

    await expectNothingLostOrDoubled(s, ledger, expiring);
    await app.stop();
  }, 600_000);

  it('failover: two instances on one database, the one running the processors killed; the other takes over, nothing lost or doubled', async () => {
    const s = (scenario = await createScenario());
    // The first instance takes every processor's lock; the second waits for them.
    const first = s.track(await startApp(s.env));
    const second = s.track(await startApp(s.env));
    const fixture = await setUp(first.url, s.receiver);
    const expiring = await s.seedExpiredCryptoPayments(fixture.merchants, 12);
    let alive = [first, second];
    let turn = 0;
    const load = startLoad(() => alive[turn++ % alive.length]!.url, fixture);

    await waitUntil('60 acknowledged writes on the two instances', () => load.acknowledged() >= 60);
    await first.kill();
    alive = [second];
    const killedAt = Date.now();
    const atKill = load.acknowledged();
    // A payment created now is answered once the projections have it: only the survivor can project it.
    const merchant = fixture.merchants[0]!;
    await waitUntil('the survivor to project a new payment', async () => {
      const created = await call(second.url, 'POST', '/api/client/payments', {
        token: merchant.token,
        body: { amount: 4242, currency: 'GBP', customerEmail: 'x@example.com', customerName: 'X', paymentMethod: 'credit_card', environment: 'staging', orderId: 'failover' },
      });
      if (created.status !== 201) return false;
      const id = created.json<{ id: string }>().id;
      return (await call(second.url, 'GET', `/api/client/payments/${id}`, { token: merchant.token })).status === 200;
    });
    console.log(`the survivor projected a new payment ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
    await waitUntil('60 acknowledged writes on the survivor', () => load.acknowledged() >= atKill + 60);
    const ledger = await load.stop();
    console.log(summary(ledger));

    await expectNothingLostOrDoubled(s, ledger, expiring);
    await second.stop();
  }, 600_000);
});
