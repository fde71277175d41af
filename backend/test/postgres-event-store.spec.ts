import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { AppModule } from '../src/app.module.js';
import { AppConfig } from '../src/platform/config/app-config.js';
import { DuplicateEventIdError, type NewEvent } from '../src/platform/event-store/event-store.port.js';
import { settled } from '../src/platform/event-store/conformance/event-store.conformance.js';
import { PostgresEventStore } from '../src/platform/event-store/postgres/postgres-event-store.js';
import { rebasePositions } from '../src/platform/event-store/postgres/rebase-positions.js';
import { UpcasterRegistry } from '../src/platform/event-store/upcasting.js';
import { createHttpApp } from '../src/platform/http/configure-app.js';
import { ProcessorRunner } from '../src/platform/projections/processor-runner.js';
import { ProjectionRebuilder } from '../src/platform/projections/rebuild/projection-rebuilder.js';
import { eventually } from './support/onboarding.js';
import { createMigratedDatabase, createPostgresStore } from './support/postgres-store.js';
import { present } from './support/present.js';
import { rowsRead } from './support/query-plan.js';

/** What the PostgreSQL adapter adds to the conformance suite: its horizon, transactions and clusters. */
const metadata = { actor: { type: 'system' as const, id: 'test' }, correlationId: 'c', causationId: 'c', schemaVersion: 1 };
const event = (type: string): NewEvent & { eventId: string } => ({ type, data: {}, metadata, eventId: randomUUID() });

let store: PostgresEventStore;
let pool: pg.Pool;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ store, pool, dispose } = await createPostgresStore(new UpcasterRegistry()));
});
afterAll(async () => {
  await store.close();
  await dispose();
});

describe('PostgreSQL event store', () => {
  it('bounds readAll by the horizon: events a running transaction holds back are not scanned on every poll', async () => {
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_current_xact_id()');
      const head = await store.headPosition();
      for (let i = 0; i < 10; i++) await store.append(`held-${randomUUID()}`, Array.from({ length: 30 }, () => event('Held')), 'no_stream');
      const query = jest.spyOn(pool, 'query');
      expect(await store.readAll(head, 100)).toEqual([]);
      const [text, values] = query.mock.calls.find(([sql]) => String(sql).includes('ORDER BY global_position')) as unknown as [string, unknown[]];
      query.mockRestore();
      // The same query, explained on a connection that must use the index (as it would on a big table).
      const explain = await pool.connect();
      try {
        await explain.query('SET enable_seqscan = off');
        const { rows } = await explain.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
        expect(rowsRead(present(rows[0], 'a query plan')['QUERY PLAN'][0].Plan, 'events')).toBe(0);
      } finally {
        explain.release();
      }
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  it('asks whether events are held back through the index, also with the generic plan PostgreSQL uses after five calls', async () => {
    for (let i = 0; i < 10; i++) await store.append(`settled-${randomUUID()}`, Array.from({ length: 100 }, () => event('Settled')), 'no_stream');
    const head = await store.headPosition();
    await store.append(`newest-${randomUUID()}`, [event('Newest')], 'no_stream');
    const query = jest.spyOn(pool, 'query');
    expect(await store.hasUnsettled(head)).toBe(true);
    // Found by its text: the append's NOTIFY, sent in the background, may be the last call.
    const [text, values] = query.mock.calls.findLast(([sql]) => String(sql).includes('FROM events')) as unknown as [string, unknown[]];
    query.mockRestore();
    const explain = await pool.connect();
    try {
      await explain.query('SET plan_cache_mode = force_generic_plan');
      await explain.query(`PREPARE has_unsettled AS ${text}`);
      const { rows } = await explain.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE has_unsettled(${explain.escapeLiteral(String(values[0]))})`,
      );
      // One event after the head: a scan from the oldest read the thousand before it too.
      expect(rowsRead(present(rows[0], 'a query plan')['QUERY PLAN'][0].Plan, 'events')).toBe(1);
    } finally {
      await explain.query('DEALLOCATE has_unsettled').catch(() => undefined);
      explain.release();
    }
  });

  describe('several appends in one database transaction', () => {
    const appendIn = (client: pg.PoolClient, stream: string, expected: number, events: NewEvent[]) =>
      client.query<{ global_position: string }>('SELECT * FROM append_events($1, $2, $3::jsonb)', [stream, expected, JSON.stringify(events)]);

    it('take positions in the order they were made', async () => {
      const [x, y] = [`x-${randomUUID()}`, `y-${randomUUID()}`];
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await appendIn(client, x, -2, [event('X0')]);
        await appendIn(client, y, -2, [event('Y0'), event('Y1')]);
        await appendIn(client, x, 0, [event('X1')]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      const all = [...(await store.readStream(x)), ...(await store.readStream(y))].sort((a, b) => (a.globalPosition < b.globalPosition ? -1 : 1));
      expect(all.map((e) => e.type)).toEqual(['X0', 'Y0', 'Y1', 'X1']);
    });

    it('cannot put an event before the one it follows in its stream: an older transaction must retry', async () => {
      const stream = `s-${randomUUID()}`;
      const older = await pool.connect();
      try {
        await older.query('BEGIN');
        // Its first write gives this transaction its id, hence the start of its positions.
        await appendIn(older, `other-${randomUUID()}`, -2, [event('Elsewhere')]);
        // A newer transaction appends the stream's first event and commits.
        await store.append(stream, [event('First')], 'no_stream');
        const error = await appendIn(older, stream, 0, [event('Second')]).catch((e: unknown) => e);
        expect(error).toMatchObject({ code: '40001', message: expect.stringContaining('retry this transaction') });
      } finally {
        await older.query('ROLLBACK');
        older.release();
      }
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['First']);
    });
  });

  it.each<['no_stream' | 'any']>([['no_stream'], ['any']])(
    'answers concurrent retries of one append (%s) alike, storing it once',
    async (expected) => {
      const stream = `retried-${randomUUID()}`;
      const batch = [event('A'), event('B')];
      const results = await Promise.all(Array.from({ length: 6 }, () => store.append(stream, batch, expected)));
      for (const result of results) expect(result.events.map((e) => e.globalPosition)).toEqual(results[0]?.events.map((e) => e.globalPosition));
      expect((await store.readStream(stream)).map((e) => e.eventId)).toEqual(batch.map((e) => e.eventId));
    },
  );

  it('refuses an event id stored for another stream with a typed error, appending nothing', async () => {
    const taken = event('Taken');
    await store.append(`a-${randomUUID()}`, [taken], 'no_stream');
    const other = `b-${randomUUID()}`;
    const error = await store.append(other, [event('Fine'), { ...event('Again'), eventId: taken.eventId }], 'no_stream').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateEventIdError);
    expect(error).toMatchObject({ streamId: other, eventId: taken.eventId });
    expect(await store.readStream(other)).toEqual([]);
  });
});

describe('a database restored from a logical dump into another cluster', () => {
  /**
   * What a dump of an older, busier cluster looks like here: events of transactions a million and two
   * million ids ahead of this cluster's counter (two in one, one in the other).
   */
  async function restoreAhead(restored: pg.Pool): Promise<void> {
    await restored.query(
      `INSERT INTO events (global_position, transaction_id, event_id, stream_id, stream_version, type, data, metadata)
       SELECT ((next + t) << 20) + i, (next + t)::text::xid8, gen_random_uuid(), s, v, type, '{}', $1::jsonb
         FROM (SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint AS next) counter,
              (VALUES (1000000, 1, 'restored-1', 0, 'R0'), (1000000, 2, 'restored-1', 1, 'R1'), (2000000, 1, 'restored-2', 0, 'Other'))
                AS e(t, i, s, v, type)`,
      [JSON.stringify(metadata)],
    );
  }

  it('refuses to start when stored positions are ahead of the cluster transaction counter', async () => {
    const { database, pool: restored } = await createMigratedDatabase();
    try {
      await restoreAhead(restored);
      const config = AppConfig.override({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', SEED_DEMO: 'false', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256' });
      await expect(createHttpApp(config, AppModule.forRoot(config))).rejects.toThrow(/^Cannot use this event store: .*ahead of this PostgreSQL cluster's transaction counter.*logical dump.*`npm run events:rebase`.*`npm run replay`.*Backup and restore/s);
    } finally {
      await restored.end();
      await database.drop();
    }
  });

  it('is not re-based while an app instance still runs on the database: it would go on from the old positions', async () => {
    const { database, pool: restored } = await createMigratedDatabase();
    const config = AppConfig.override({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', SEED_DEMO: 'false', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256' });
    const running = await createHttpApp(config, AppModule.forRoot(config));
    try {
      await running.init(); // its processors run, each instance with its listening connection
      await restoreAhead(restored); // restored under the running app, against the README's advice
      await expect(rebasePositions(restored)).rejects.toThrow(/^The app is still running on this database \(\d+ open connections?: tallyline:listener.*\)\. Stop every app instance, then run events:rebase again\.$/);
      const { rows } = await restored.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE global_position > 1000000');
      expect(rows[0]!.n).toBe(3); // nothing renumbered
      await running.close();
      expect(await rebasePositions(restored)).toMatchObject({ rebased: true, events: 3 });
    } finally {
      await running.close();
      await restored.end();
      await database.drop();
    }
  });

  it('after a re-base, keeps the processors from starting until a replay has rebuilt the read models: they hold the old positions', async () => {
    const { database, pool: restored } = await createMigratedDatabase();
    const start = async (env: Record<string, string> = {}) => {
      const config = AppConfig.override({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', SEED_DEMO: 'false', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256', ...env });
      const app = await createHttpApp(config, AppModule.forRoot(config));
      try {
        await app.init();
        return app;
      } catch (error) {
        await app.close();
        throw error;
      }
    };
    const refusal = () => start().then(
      async (app) => void (await app.close()),
      (error: Error) => error.message,
    );
    try {
      const used = await start();
      const processors = used.get(ProcessorRunner).names.length;
      // Every processor has its checkpoint, as in any dump of a used database.
      const checkpointed = async () => (await restored.query<{ n: number }>('SELECT count(*)::int AS n FROM processor_checkpoints')).rows[0]!.n === processors;
      expect(await eventually(checkpointed)).toBe(true);
      await used.close();
      await restoreAhead(restored);
      expect(await rebasePositions(restored)).toMatchObject({ rebased: true, events: 3 });
      expect(await refusal()).toMatch(
        /^Cannot run the processors: the read models of .*\bevent-log\b.*\bpayments\b.* still hold the event positions from before `npm run events:rebase`\. Rebuild them with `npm run replay`, then start the app again \(README, Operations, 'Backup and restore'\)\.$/,
      );
      const replay = await start({ RUN_PROCESSORS: 'false' }); // as `npm run replay` runs
      try {
        await replay.get(ProjectionRebuilder).rebuild(['event-log']);
        const partly = await refusal();
        expect(partly).toMatch(/^Cannot run the processors: the read models of .*\bpayments\b/);
        expect(partly).not.toMatch(/\bevent-log\b/);
        await replay.get(ProjectionRebuilder).rebuild([]);
      } finally {
        await replay.close();
      }
      expect(await refusal()).toBeUndefined();
      expect((await restored.query('SELECT name FROM read_models_outdated')).rows).toEqual([]);
    } finally {
      await restored.end();
      await database.drop();
    }
  });

  it('is re-based: same order, checkpoints, failures and dead letters follow their events, new events sort after, the start check passes', async () => {
    const { database, pool: restored } = await createMigratedDatabase();
    const rebasedStore = new PostgresEventStore(restored);
    try {
      await restoreAhead(restored);
      await restored.query(
        `INSERT INTO processor_checkpoints (name, position)
         VALUES ('saw-two', (SELECT global_position FROM events WHERE type = 'R1')), ('saw-none', 0)`,
      );
      await restored.query(
        `INSERT INTO processor_failures (name, position, event_id, event_type, error, attempts)
           SELECT 'failed-at-other', global_position, event_id, type, 'boom', 3 FROM events WHERE type = 'Other'`,
      );
      await restored.query(
        `INSERT INTO processor_dead_letters (processor, event_id, position, event_type, error, attempts)
           SELECT 'mailer', event_id, global_position, type, 'boom', 3 FROM events WHERE type = 'R0'`,
      );
      expect(await rebasePositions(restored)).toEqual({ rebased: true, events: 3, checkpoints: 2 });
      await rebasedStore.assertTransactionCounterAhead();
      const { rows } = await restored.query('SELECT name, position FROM processor_checkpoints ORDER BY name');
      expect(rows).toEqual([{ name: 'saw-none', position: '0' }, { name: 'saw-two', position: '2' }]);
      expect((await restored.query('SELECT position FROM processor_failures')).rows).toEqual([{ position: '3' }]);
      expect((await restored.query('SELECT position FROM processor_dead_letters')).rows).toEqual([{ position: '1' }]);
      const after = await rebasedStore.append('restored-1', [event('After')], 1);
      await settled(rebasedStore, after.lastPosition);
      const all = await rebasedStore.readAll(0n, 10);
      expect(all.map((e) => [e.type, e.streamVersion])).toEqual([['R0', 0], ['R1', 1], ['Other', 0], ['After', 2]]);
      expect(all.slice(0, 3).map((e) => e.globalPosition)).toEqual([1n, 2n, 3n]);
      expect(await rebasePositions(restored)).toEqual({ rebased: false, events: 0, checkpoints: 0 });
    } finally {
      await rebasedStore.close();
      await restored.end();
      await database.drop();
    }
  });
});
