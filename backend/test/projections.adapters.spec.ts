import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import type { DatabasePool } from '../src/platform/database/database-pool.js';
import type { EventStore, StoredEvent } from '../src/platform/event-store/event-store.port.js';
import { PostgresEventStore } from '../src/platform/event-store/postgres/postgres-event-store.js';
import { UpcasterRegistry } from '../src/platform/event-store/upcasting.js';
import type { Projection } from '../src/platform/projections/processor.js';
import type { TestDatabase } from './support/database.js';
import { createRunner } from './support/processor-harness.js';
import { createMigratedDatabase } from './support/postgres-store.js';
import { present } from './support/present.js';

/**
 * Projections over every event store adapter available: PostgreSQL always, EventStoreDB when
 * EVENTSTORE_URL is set (the eventstoredb workflow). Read models and checkpoints stay in PostgreSQL.
 */
const metadata = { actor: { type: 'system' as const, id: 'test' }, correlationId: 'c', causationId: 'c', schemaVersion: 1 };

/** Sums this run's deposits per stream; applied_events' primary key makes a repeated event fail loudly. */
class TallyProjection implements Projection {
  readonly kind = 'projection' as const;
  readonly name = 'tally';
  readonly tables = ['tally', 'applied_events'];
  constructor(private readonly prefix: string) {}

  async handle(event: StoredEvent, manager: EntityManager): Promise<void> {
    if (event.type !== 'Deposited' || !event.streamId.startsWith(this.prefix)) return;
    await manager.query('INSERT INTO applied_events (event_id) VALUES ($1)', [event.eventId]);
    await manager.query(
      `INSERT INTO tally (stream, total, seen) VALUES ($1, $2, 1)
       ON CONFLICT (stream) DO UPDATE SET total = tally.total + $2, seen = tally.seen + 1`,
      [event.streamId, (event.data as { amount: number }).amount],
    );
  }
}

function describeProjectionsOver(name: string, createStore: (pool: DatabasePool) => Promise<EventStore>): void {
  describe(`projections over ${name}`, () => {
    let database: TestDatabase;
    let pool: DatabasePool;
    let store: EventStore;
    // Unique per run, so a shared EventStoreDB server can be reused.
    const prefix = `tally${randomUUID().replaceAll('-', '')}`;

    beforeAll(async () => {
      ({ database, pool } = await createMigratedDatabase());
      store = await createStore(pool);
      await pool.query('CREATE TABLE tally (stream text PRIMARY KEY, total bigint NOT NULL, seen int NOT NULL)');
      await pool.query('CREATE TABLE applied_events (event_id uuid PRIMARY KEY)');
    });
    afterAll(async () => {
      await store.close();
      await pool.end();
      await database.drop();
    });

    const deposit = (stream: string, amounts: number[]) =>
      store.append(`${prefix}-${stream}`, amounts.map((amount) => ({ type: 'Deposited', data: { amount }, metadata })), 'any');
    const tally = async () => (await pool.query('SELECT stream, total::int AS total, seen FROM tally ORDER BY stream')).rows;
    const applied = async () => present((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM applied_events')).rows[0], 'a count').n;

    it('applies events live, each once, and a writer can wait for its position; a restart resumes from the checkpoint', async () => {
      const first = await createRunner(database.url, store, [new TallyProjection(prefix)]);
      first.runner.startAll();
      await deposit('a', [100, 250]);
      const appended = await deposit('b', [7]);
      expect(await first.runner.waitFor(appended.lastPosition)).toBe(true);
      expect(await tally()).toEqual([
        { stream: `${prefix}-a`, total: 350, seen: 2 },
        { stream: `${prefix}-b`, total: 7, seen: 1 },
      ]);
      await first.close();

      // Appended while no instance runs the projection: the next one picks them up from the checkpoint.
      await deposit('a', [1, 2, 3]);
      const last = await deposit('c', [40]);
      const second = await createRunner(database.url, store, [new TallyProjection(prefix)]);
      try {
        second.runner.startAll();
        expect(await second.runner.waitFor(last.lastPosition)).toBe(true);
        expect(await tally()).toEqual([
          { stream: `${prefix}-a`, total: 356, seen: 5 },
          { stream: `${prefix}-b`, total: 7, seen: 1 },
          { stream: `${prefix}-c`, total: 40, seen: 1 },
        ]);
        expect(await applied()).toBe(7);
      } finally {
        await second.close();
      }
    });
  });
}

describeProjectionsOver('PostgreSQL', async (pool) => new PostgresEventStore(pool, new UpcasterRegistry()));

const eventStoreUrl = process.env.EVENTSTORE_URL;
if (eventStoreUrl) {
  describeProjectionsOver('EventStoreDB', async () => {
    const { EventStoreDbEventStore } = await import('../src/platform/event-store/eventstoredb/eventstoredb-event-store.js');
    return EventStoreDbEventStore.connect(eventStoreUrl, new UpcasterRegistry());
  });
}
