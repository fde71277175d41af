import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../src/platform/event-store/event-store.port.js';
import { settled } from '../src/platform/event-store/conformance/event-store.conformance.js';
import { PostgresEventStore } from '../src/platform/event-store/postgres/postgres-event-store.js';
import { UpcasterRegistry } from '../src/platform/event-store/upcasting.js';
import type { Projection } from '../src/platform/projections/processor.js';
import { eventually } from './support/onboarding.js';
import { createRunner } from './support/processor-harness.js';
import { createMigratedDatabase } from './support/postgres-store.js';
import type { TestDatabase } from './support/database.js';
import type { DatabasePool } from '../src/platform/database/database-pool.js';

const metadata = { actor: { type: 'system' as const, id: 'test' }, correlationId: 'c', causationId: 'c', schemaVersion: 1 };

/**
 * Tallies deposits per account. `applied_events` has the event id as primary key, so applying an
 * event twice fails loudly instead of silently double counting.
 */
class BalancesProjection implements Projection {
  readonly kind = 'projection' as const;
  readonly name = 'balances';
  readonly tables = ['balances', 'applied_events'];
  handled = 0;
  crashAt?: number;
  private poisonId?: string;

  async handle(event: StoredEvent, manager: EntityManager): Promise<void> {
    if (event.type !== 'Deposited') return;
    this.handled++;
    // The crashAt-th event handled is poison: it fails every time it comes again (retries included).
    if (this.crashAt === this.handled) this.poisonId = event.eventId;
    if (this.poisonId === event.eventId) throw new Error('simulated crash');
    const { amount } = event.data as { amount: number };
    await manager.query('INSERT INTO applied_events (event_id) VALUES ($1)', [event.eventId]);
    await manager.query(
      `INSERT INTO balances (account, balance_minor, deposits) VALUES ($1, $2, 1)
       ON CONFLICT (account) DO UPDATE SET balance_minor = balances.balance_minor + $2, deposits = balances.deposits + 1`,
      [event.streamId, amount],
    );
  }
}

describe('projection runner', () => {
  let database: TestDatabase;
  let pool: DatabasePool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    ({ database, pool } = await createMigratedDatabase());
    store = new PostgresEventStore(pool, new UpcasterRegistry());
    await pool.query('CREATE TABLE balances (account text PRIMARY KEY, balance_minor bigint NOT NULL, deposits int NOT NULL)');
    await pool.query('CREATE TABLE applied_events (event_id uuid PRIMARY KEY)');
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });
  beforeEach(async () => {
    await pool.query('TRUNCATE events, balances, applied_events, processor_checkpoints');
  });

  async function deposit(account: string, amounts: number[]) {
    return store.append(account, amounts.map((amount) => ({ type: 'Deposited', data: { amount }, metadata })), 'any');
  }
  async function tables() {
    const balances = await pool.query('SELECT account, balance_minor::int AS balance, deposits FROM balances ORDER BY account');
    const applied = await pool.query('SELECT count(*)::int AS n FROM applied_events');
    return { balances: balances.rows, applied: applied.rows[0].n as number };
  }

  let closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers) await close();
    closers = [];
  });
  async function runner(projection: Projection, options = { run: false }) {
    const created = await createRunner(database.url, store, [projection], options);
    closers.push(() => created.close());
    return created.runner;
  }
  async function withRebuilder(projection: Projection, options = { run: false }) {
    const created = await createRunner(database.url, store, [projection], options);
    closers.push(created.close);
    return created;
  }

  it('applies events live and lets a writer wait for its position (read-your-writes)', async () => {
    const r = await runner(new BalancesProjection());
    r.startAll();
    const appended = await deposit('account-a', [100, 250]);
    expect(await r.waitFor(appended.lastPosition)).toBe(true);
    expect((await tables()).balances).toEqual([{ account: 'account-a', balance: 350, deposits: 2 }]);
  });

  it('stops a failing projection at the failing event, and a restart ends equal to a clean rebuild', async () => {
    let last = 0n;
    for (let i = 0; i < 30; i++) last = (await deposit(`account-${i % 4}`, [i + 1, 2 * (i + 1)])).lastPosition;
    const crashing = new BalancesProjection();
    crashing.crashAt = 37; // inside the first batch: the 36 events before it are kept, nothing after
    const first = await runner(crashing);
    first.startAll();
    expect(await first.waitFor(last, 20_000)).toBe(true); // a failed projection is not waited for
    expect(first.failure('balances')?.message).toBe('simulated crash');
    expect((await tables()).applied).toBe(36);

    // The process comes back: a new runner resumes from the stored checkpoint.
    await first.stopAll();
    const { runner: restarted, rebuilder } = await withRebuilder(new BalancesProjection());
    restarted.startAll();
    expect(await eventually(async () => restarted.failure('balances') === undefined)).toBe(true); // a restart is a retry
    const fresh = await deposit('account-1', [5]);
    expect(await restarted.waitFor(fresh.lastPosition)).toBe(true);
    const afterRestart = await tables();
    expect(afterRestart.applied).toBe(61);

    await rebuilder.rebuild(['balances']);
    expect(await tables()).toEqual(afterRestart);
  });

  it('resumes from the checkpoint after a crash between batches, applying nothing twice', async () => {
    const { lastPosition } = await deposit('account-x', Array.from({ length: 1200 }, (_, i) => i));
    const crashing = new BalancesProjection();
    crashing.crashAt = 900; // in the second batch of 500: everything before that event stays committed
    const first = await runner(crashing);
    first.startAll();
    expect(await eventually(async () => first.failure('balances') !== undefined)).toBe(true);
    expect((await tables()).applied).toBe(899);
    await first.stopAll();

    const restarted = await runner(new BalancesProjection());
    restarted.startAll();
    expect(await eventually(async () => restarted.failure('balances') === undefined)).toBe(true); // a restart is a retry
    expect(await restarted.waitFor(lastPosition)).toBe(true);
    expect(await tables()).toEqual({ balances: [{ account: 'account-x', balance: (1199 * 1200) / 2, deposits: 1200 }], applied: 1200 });
  });

  it('rebuilds to identical tables every time, with progress', async () => {
    let last = 0n;
    for (let i = 0; i < 50; i++) last = (await deposit(`account-${i % 7}`, [i * 3 + 1])).lastPosition;
    await settled(store, last);
    const { rebuilder: r } = await withRebuilder(new BalancesProjection());
    const progress: number[] = [];
    const [summary] = await r.rebuild(['balances'], { onProgress: (p) => void progress.push(p.processed) });
    expect(summary).toMatchObject({ name: 'balances', events: 50, rows: { balances: 7, applied_events: 50 } });
    expect(progress.at(-1)).toBe(50);
    const once = await tables();
    await r.rebuild([]);
    expect(await tables()).toEqual(once);
    await expect(r.rebuild(['nope'])).rejects.toThrow('Unknown projection "nope"');
  });

  it('takes a projection over from the instance running it for a replay, which then resumes', async () => {
    const owner = await runner(new BalancesProjection(), { run: true });
    const first = await deposit('account-z', [1]);
    expect(await owner.waitFor(first.lastPosition)).toBe(true);
    const { rebuilder: replayer } = await withRebuilder(new BalancesProjection());
    const [summary] = await replayer.rebuild(['balances']);
    expect(summary?.events).toBe(1);
    const appended = await deposit('account-z', [2]);
    expect(await owner.waitFor(appended.lastPosition)).toBe(true);
    expect((await tables()).balances).toEqual([{ account: 'account-z', balance: 3, deposits: 2 }]);
  });
});
