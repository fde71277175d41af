import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import pg from 'pg';
import type { DatabasePool } from '../src/platform/database/database-pool.js';
import type { StoredEvent } from '../src/platform/event-store/event-store.port.js';
import type { PostgresEventStore } from '../src/platform/event-store/postgres/postgres-event-store.js';
import type { EventProcessor } from '../src/platform/projections/processor.js';
import type { ProcessorRunner } from '../src/platform/projections/processor-runner.js';
import { GroupCommit } from '../src/platform/projections/group-commit.js';
import type { TestDatabase } from './support/database.js';
import { Balances, BulkReceipts, GatedReceipts, Receipts, SlowReceipts, TransactionNotes, WaitingReceipts, Withdrawals } from './support/fault-processors.js';
import { eventually } from './support/onboarding.js';
import { createRunner, processorTestBed } from './support/processor-harness.js';

const metadata = { actor: { type: 'system' as const, id: 'test' }, correlationId: 'c', causationId: 'c', schemaVersion: 1 };

describe('processors under faults', () => {
  const bed = processorTestBed({
    receipts: '(event_id uuid PRIMARY KEY, amount int NOT NULL)',
    transaction_notes: '(event_id uuid, projection text, txid bigint NOT NULL, PRIMARY KEY (event_id, projection))',
  });
  const { checkpoint } = bed;
  let database: TestDatabase;
  let pool: DatabasePool;
  let store: PostgresEventStore;
  let admin: pg.Client;
  beforeAll(() => void ({ database, pool, store, admin } = bed));

  async function runner(processors: EventProcessor[], options: { run: boolean; poolSize?: number } = { run: true }): Promise<ProcessorRunner> {
    const created = await createRunner(database.url, store, processors, options);
    bed.closeAfterTest(created.close);
    return created.runner;
  }

  async function deposit(amounts: number[], type = 'Deposited') {
    return store.append('account-a', amounts.map((amount) => ({ type, data: { amount }, metadata })), 'any');
  }
  const applied = (projection = 'balances') => bed.applied(projection);
  /** Ends the database sessions of this test's processes whose application_name matches. */
  async function terminate(applicationName: string): Promise<number> {
    const { rows } = await admin.query(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name LIKE $2',
      [new URL(database.url).pathname.slice(1), applicationName],
    );
    return rows[0].n as number;
  }

  it('retries a lost connection under a batch, again and again, and resumes by itself', async () => {
    const balances = new Balances();
    balances.killConnection = 5; // more than the tries allowed for the processor's own errors (4)
    const r = await runner([balances]);
    const { lastPosition } = await deposit([1, 2, 3]);
    expect(await r.waitFor(lastPosition, 20_000)).toBe(true);
    expect(r.failure('balances')).toBeUndefined();
    expect(await applied()).toBe(3);
  });

  it('stops a projection at a poison event and keeps the others going; an operator retry resumes it', async () => {
    const poisoned = new Balances('balances');
    poisoned.poison.add(13);
    const healthy = new Balances('mirror');
    const r = await runner([poisoned, healthy]);
    const before = await deposit([11, 12]);
    const poison = await deposit([13]);
    const after = await deposit([14, 15]);

    expect(await r.waitFor(after.lastPosition, 20_000)).toBe(true); // a failed projection is not waited for
    const failure = r.failure('balances');
    expect(failure).toMatchObject({ position: poison.lastPosition, eventType: 'Deposited', message: 'cannot handle amount 13', attempts: 4 });
    expect(r.status('balances')?.state).toBe('failed');
    // It never skips: it stopped right before the poison event, keeping what came before.
    expect(await checkpoint('balances')).toBe(before.lastPosition);
    expect(await applied('balances')).toBe(2);
    expect(await checkpoint('mirror')).toBe(after.lastPosition);
    expect(await applied('mirror')).toBe(5);
    // The runner knows of the failure before it is stored (so no waiter hangs on a database outage).
    const stored = async () => (await pool.query('SELECT name, position, error FROM processor_failures')).rows;
    expect(await eventually(async () => (await stored()).length > 0)).toBe(true);
    expect(await stored()).toEqual([{ name: 'balances', position: poison.lastPosition.toString(), error: 'cannot handle amount 13' }]);

    poisoned.poison.clear(); // the fix is deployed
    await r.requestRetry('balances');
    expect(await eventually(async () => (await checkpoint('balances')) === after.lastPosition)).toBe(true);
    expect(await applied('balances')).toBe(5);
    expect(r.failure('balances')).toBeUndefined();
    expect((await pool.query('SELECT * FROM processor_failures')).rows).toEqual([]);
    await expect(r.requestRetry('nope')).rejects.toThrow('Unknown processor "nope"');
  });

  it('dead-letters the event a reactor cannot handle, goes on, and hands it back on retry', async () => {
    const receipts = new Receipts();
    receipts.poison.add(2);
    const r = await runner([receipts]);
    const poison = await deposit([1, 2]);
    const { lastPosition } = await deposit([3]);
    expect(await eventually(async () => (await checkpoint('receipts')) === lastPosition)).toBe(true);
    expect((await pool.query('SELECT amount FROM receipts ORDER BY amount')).rows).toEqual([{ amount: 1 }, { amount: 3 }]);
    const dead = await pool.query('SELECT processor, position, event_type, error, attempts FROM processor_dead_letters');
    expect(dead.rows).toEqual([{ processor: 'receipts', position: poison.lastPosition.toString(), event_type: 'Deposited', error: 'receipt service rejected 2', attempts: 4 }]);
    expect(r.failure('receipts')).toBeUndefined();

    receipts.poison.clear();
    await r.requestRetry('receipts');
    expect(await eventually(async () => (await pool.query('SELECT 1 FROM processor_dead_letters')).rowCount === 0)).toBe(true);
    expect((await pool.query('SELECT amount FROM receipts ORDER BY amount')).rows).toEqual([{ amount: 1 }, { amount: 2 }, { amount: 3 }]);
  });

  it('lets a reactor wait for the read models it needs as long as they are behind, instead of dead-lettering the event', async () => {
    const receipts = new WaitingReceipts();
    await runner([receipts]);
    await deposit([1, 2]);
    const { lastPosition } = await deposit([3]);
    expect(await eventually(async () => (await checkpoint('receipts')) === lastPosition)).toBe(true);
    expect(receipts.tries).toBe(7); // a failing event gets 4 tries
    expect((await pool.query('SELECT amount FROM receipts ORDER BY amount')).rows).toEqual([{ amount: 1 }, { amount: 2 }, { amount: 3 }]);
    expect((await pool.query('SELECT 1 FROM processor_dead_letters')).rowCount).toBe(0);
  });

  it('runs a reactor\'s waits before its transaction opens, so events appended meanwhile reach the projections', async () => {
    const receipts = new GatedReceipts('prepare');
    await runner([receipts, new Balances()]);
    await deposit([1]);
    expect(await eventually(async () => receipts.waiting)).toBe(true);
    // An open transaction would hold this append back from every subscriber until it ended.
    const later = await deposit([2]);
    expect(await eventually(async () => (await checkpoint('balances')) === later.lastPosition)).toBe(true);
    receipts.letGo();
    expect(await eventually(async () => (await checkpoint('receipts')) === later.lastPosition)).toBe(true);
    expect((await pool.query('SELECT amount FROM receipts ORDER BY amount')).rows).toEqual([{ amount: 1 }, { amount: 2 }]);
  });

  it('commits a long batch in parts, so events appended meanwhile reach the other read models before it ends', async () => {
    const receipts = new SlowReceipts();
    await deposit(Array.from({ length: 300 }, (_, i) => i + 1)); // one batch of 300, 12 s of work while slow
    await runner([receipts, new Balances()]);
    expect(await eventually(async () => receipts.handled > 0)).toBe(true);
    const later = await deposit([1000]);
    expect(await eventually(async () => (await checkpoint('balances')) === later.lastPosition)).toBe(true);
    // One transaction for the whole batch would have held the later event back until its end.
    expect(receipts.handled).toBeLessThan(300);
    receipts.slow = false;
    expect(await eventually(async () => (await checkpoint('receipts')) === later.lastPosition)).toBe(true);
    expect((await pool.query('SELECT count(*)::int AS n FROM receipts')).rows).toEqual([{ n: 301 }]);
  });

  it('stops in the middle of a long batch after the part committed last, and a restart goes on from there', async () => {
    const receipts = new SlowReceipts();
    const { lastPosition } = await deposit(Array.from({ length: 300 }, (_, i) => i + 1)); // one batch of 300, 12 s of work while slow
    const r = await runner([receipts]);
    expect(await eventually(async () => receipts.handled > 0)).toBe(true);
    await r.stop('receipts'); // as for a replay taking it over: it must not finish the whole batch first
    const stoppedAt = await checkpoint('receipts');
    expect(receipts.handled).toBeLessThan(300);
    expect(stoppedAt).toBeLessThan(lastPosition);
    expect((await pool.query('SELECT count(*)::int AS n FROM receipts')).rows).toEqual([{ n: receipts.handled }]);

    receipts.slow = false;
    r.start(receipts);
    expect(await eventually(async () => (await checkpoint('receipts')) === lastPosition)).toBe(true);
    expect((await pool.query('SELECT count(*)::int AS n FROM receipts')).rows).toEqual([{ n: 300 }]);
  });

  it('a reactor with a bulk path: a poison event fails its batch; the events around it are written, it is dead-lettered', async () => {
    const receipts = new BulkReceipts();
    receipts.poison.add(3);
    const all = await deposit([1, 2, 3, 4, 5]); // appended before the runner starts: one batch
    const r = await runner([receipts]);
    expect(await eventually(async () => (await checkpoint('receipts')) === all.lastPosition)).toBe(true);
    expect((await pool.query('SELECT amount FROM receipts ORDER BY amount')).rows).toEqual([{ amount: 1 }, { amount: 2 }, { amount: 4 }, { amount: 5 }]);
    const dead = await pool.query('SELECT event_type, error, attempts FROM processor_dead_letters');
    expect(dead.rows).toEqual([{ event_type: 'Deposited', error: 'receipt service rejected 3', attempts: 4 }]);
    expect(receipts.inBulk).toBe(4); // the two before it and the two after it, each pair in one statement
    expect(r.failure('receipts')).toBeUndefined();
  });

  it('reconnects the checkpoint watcher and the wake-up listener after every termination, even while the database refuses connections', async () => {
    const running = await runner([new Balances()]);
    const watching = await runner([new Balances()], { run: false }); // another instance: learns positions only through NOTIFY
    const name = new URL(database.url).pathname.slice(1);
    for (let round = 0; round < 3; round++) {
      // Like a database restart: every session ends, and new ones are refused for a moment.
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      try {
        expect(await terminate('%')).toBeGreaterThanOrEqual(3);
        await new Promise((resolve) => setTimeout(resolve, 1_500)); // reconnect attempts are refused meanwhile
      } finally {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      }
      const { lastPosition } = await deposit([round]);
      expect(await running.waitFor(lastPosition, 20_000)).toBe(true);
      expect(await watching.waitFor(lastPosition, 20_000)).toBe(true);
    }
    expect(await applied()).toBe(3);
  });

  it('runs many processors on a pool smaller than their number: connections are borrowed per batch', async () => {
    const projections = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((name) => new Balances(name));
    const r = await runner(projections, { run: true, poolSize: 2 });
    const { lastPosition } = await deposit([1, 2]);
    expect(await r.waitFor(lastPosition, 20_000)).toBe(true);
    for (const p of projections) expect(await applied(p.name)).toBe(2);
  });

  const transactionNotes = async (events: StoredEvent[]) => {
    const { rows } = await pool.query<{ projection: string; txid: string }>(
      'SELECT projection, txid::text FROM transaction_notes WHERE event_id = ANY($1::uuid[]) ORDER BY projection, txid',
      [events.map((event) => event.eventId)],
    );
    return rows;
  };

  it('commits the batches handed to it at the same moment in one transaction, or none of them', async () => {
    const { dataSource, close } = await createRunner(database.url, store, [], { run: false });
    bed.closeAfterTest(close);
    const group = new GroupCommit(dataSource);
    const notes = ['n1', 'n2', 'n3'].map((name) => new TransactionNotes(name));
    await pool.query('INSERT INTO processor_checkpoints (name, position) SELECT unnest($1::text[]), 0', [notes.map((note) => note.name)]);
    const first = await deposit([1, 2]);
    expect(await Promise.all(notes.map((note) => group.commit(note, 0n, first.events)))).toEqual([true, true, true]);
    const together = await transactionNotes(first.events);
    expect(together).toHaveLength(6);
    expect(new Set(together.map((row) => row.txid)).size).toBe(1);
    for (const note of notes) expect(await checkpoint(note.name)).toBe(first.lastPosition);

    // One handler fails: nothing of the group is written, and each is told to commit alone.
    notes[2]!.poison.add(3);
    const next = await deposit([3]);
    expect(await Promise.all(notes.map((note) => group.commit(note, first.lastPosition, next.events)))).toEqual([false, false, false]);
    // A checkpoint another instance moved meanwhile: the same.
    notes[2]!.poison.clear();
    await pool.query('UPDATE processor_checkpoints SET position = $2 WHERE name = $1', ['n1', next.lastPosition.toString()]);
    expect(await Promise.all(notes.map((note) => group.commit(note, first.lastPosition, next.events)))).toEqual([false, false, false]);
    expect(await transactionNotes(next.events)).toEqual([]);
    expect(await checkpoint('n2')).toBe(first.lastPosition);

    // The connection lost in the middle of the group (a crash between its statements): nothing written either.
    const balances = new Balances();
    balances.killConnection = 1;
    await pool.query('INSERT INTO processor_checkpoints (name, position) VALUES ($1, $2)', ['balances', first.lastPosition.toString()]);
    const crashed = [notes[1]!, balances, notes[2]!];
    expect(await Promise.all(crashed.map((p) => group.commit(p, first.lastPosition, next.events)))).toEqual([false, false, false]);
    expect(await transactionNotes(next.events)).toEqual([]);
    expect(await applied()).toBe(0);
    // The next group, on a fresh connection, commits.
    expect(await Promise.all(crashed.map((p) => group.commit(p, first.lastPosition, next.events)))).toEqual([true, true, true]);
    expect(await applied()).toBe(1);
    expect(await checkpoint('balances')).toBe(next.lastPosition);
  });

  it('runs each processor in exactly one instance, also while the lock connection keeps being lost', async () => {
    const first = new Balances();
    const second = new Balances();
    const a = await runner([first]);
    const b = await runner([second]);
    let last = (await deposit([1, 2, 3])).lastPosition;
    expect(await a.waitFor(last)).toBe(true);
    expect(await b.waitFor(last)).toBe(true);
    expect([first.handled, second.handled].sort()).toEqual([0, 3]);

    for (let round = 0; round < 3; round++) {
      await terminate('tallyline:listener'); // both instances lose every lock at once
      last = (await deposit([10 + round, 20 + round])).lastPosition;
      expect(await eventually(async () => (await checkpoint('balances')) === last)).toBe(true);
    }
    // Whoever ran it, each event was applied once (a second time would violate the primary key).
    expect(await applied()).toBe(9);
    expect(first.handled + second.handled).toBe(9);
    expect(a.failure('balances')).toBeUndefined();
  });

  it('says once that it took over a processor another instance ran; waits out a lost lock connection without a warning per processor', async () => {
    const log = jest.spyOn(Logger.prototype, 'log');
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const takeovers = () => log.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('runs in this instance now'));
    const first = await createRunner(database.url, store, [new Balances()], { run: true });
    let second: ProcessorRunner;
    try {
      const deposited = (await deposit([1])).lastPosition;
      expect(await first.runner.waitFor(deposited)).toBe(true);
      second = await runner([new Balances()]);
      expect(await eventually(async () => second.status('balances')?.state === 'standby')).toBe(true);
      expect(takeovers()).toEqual([]); // starting to run it is no takeover
    } finally {
      await first.close();
    }
    let last = (await deposit([2])).lastPosition;
    expect(await eventually(async () => (await checkpoint('balances')) === last)).toBe(true);
    expect(takeovers()).toEqual(['Processor "balances" runs in this instance now: the one that ran it stopped or lost its connection']);

    warn.mockClear();
    await terminate('tallyline:listener');
    last = (await deposit([3])).lastPosition;
    expect(await eventually(async () => (await checkpoint('balances')) === last)).toBe(true);
    expect(warn.mock.calls.map(([message]) => String(message)).filter((message) => message.startsWith('Processor'))).toEqual([]);
    expect(takeovers()).toHaveLength(1); // its own lock again after a reconnect is no takeover
    expect(await applied()).toBe(3);
  });

  it('waits only for the projections that handle the appended event types, and names those that time out', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const r = await runner([new Balances(), new Withdrawals()], { run: false });
    r.start(r.all.find((p) => p.name === 'balances')!); // "withdrawals" is not running: always behind
    const { lastPosition } = await deposit([5]);
    expect(await r.waitForProjections(lastPosition, ['Deposited'])).toEqual({ failed: [], timedOut: [] });
    expect(await r.waitForProjections(lastPosition, ['Withdrawn'], 200)).toEqual({ failed: [], timedOut: ['withdrawals'] });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"withdrawals" did not reach position'));
  });
});
