import { afterAll, describe, expect, it } from '@jest/globals';
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
  expect(Object.keys(live).length).toBeGreaterThan(10);
  expect(live.payments?.length).toBeGreaterThanOrEqual(ledger.created.length);
  for (const table of Object.keys(live)) expect([table, replayed[table]]).toEqual([table, live[table]]);
}

const summary = (ledger: Ledger) =>
  `acknowledged: ${ledger.created.length} payments created, ${ledger.paid.length} paid, ${ledger.refunded.length} refunded, ${ledger.signUps.length} sign-ups, ` +
  `${ledger.reviews.length} reviews, ${ledger.keyHashes.length} key rotations, ${ledger.cryptoCreated.length} crypto payments; answers ${JSON.stringify(ledger.statuses)}`;

const PAYMENT = { amount: 4242, currency: 'GBP', customerEmail: 'x@example.com', customerName: 'X', paymentMethod: 'credit_card', environment: 'staging', orderId: 'failover' };

describe('the built app killed under write load', () => {
  let scenario: Scenario | undefined;
  afterAll(() => scenario?.dispose());

  it('kill -9 mid-load and restart, then failover of the instance running the processors: every acknowledged write once, read models equal a replay, every webhook delivered under one id', async () => {
    const s = (scenario = await createScenario());
    let alive: AppProcess[] = [s.track(await startApp(s.env))];
    let turn = 0;
    const fixture = await setUp(alive[0]!.url, s.receiver);
    const expiring = await s.seedExpiredCryptoPayments(fixture.merchants, 12);
    const load = startLoad(() => alive[turn++ % alive.length]!.url, fixture);
    const progress = async (what: string) => {
      const from = load.acknowledged();
      await waitUntil(`30 acknowledged writes ${what}`, () => load.acknowledged() >= from + 30);
    };

    // 1. The only instance dies mid-write; the writers keep knocking on its port until it is back.
    await progress('before the kill');
    const first = alive[0]!;
    await first.kill();
    const refusedAtKill = load.ledger.statuses[0] ?? 0;
    const restarted = s.track(await startApp(s.env, Number(new URL(first.url).port)));
    alive = [restarted];
    expect(load.ledger.statuses[0]).toBeGreaterThan(refusedAtKill); // requests were cut off or refused meanwhile
    await progress('after the restart');

    // 2. A second instance joins; the restarted one holds every processor's lock. Kill it under load.
    const second = s.track(await startApp(s.env));
    alive = [restarted, second];
    await progress('on the two instances');
    await restarted.kill();
    alive = [second];
    const killedAt = Date.now();
    // A payment is answered once the projections have it: only the survivor can project it now.
    const merchant = fixture.merchants[0]!;
    await waitUntil('the survivor to project a new payment', async () => {
      const created = await call(second.url, 'POST', '/api/client/payments', { token: merchant.token, body: PAYMENT });
      if (created.status !== 201) return false;
      return (await call(second.url, 'GET', `/api/client/payments/${created.json<{ id: string }>().id}`, { token: merchant.token })).status === 200;
    });
    console.log(`the survivor took over the processors ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
    await progress('on the survivor');
    const ledger = await load.stop();
    console.log(summary(ledger));
    // Every kind of write was acknowledged at least once.
    const kinds = { signUps: ledger.signUps, created: ledger.created, paid: ledger.paid, refunded: ledger.refunded, crypto: ledger.cryptoCreated, reviews: ledger.reviews, keys: ledger.keyHashes };
    expect(Object.entries(kinds).filter(([, done]) => done.length === 0).map(([kind]) => kind)).toEqual([]);

    await expectNothingLostOrDoubled(s, ledger, expiring);
    await second.stop();
  }, 600_000);
});
