/**
 * Append throughput of the PostgreSQL event store next to the same INSERTs done raw with `pg`, on one
 * real PostgreSQL server with default durability. Reported as ratios; nothing here is a pass/fail test.
 *
 *   npm run bench:append            (embedded PostgreSQL in a temp dir, or DATABASE_URL)
 *   ROUNDS=5 EVENTS=4000 npm run bench:append
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '@tallyline/backend/platform/database/embedded-postgres';
import { migrations } from '@tallyline/backend/platform/database/migrations/index';
import { PostgresEventStore } from '@tallyline/backend/platform/event-store/postgres/postgres-event-store';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const EVENTS = Number(process.env.EVENTS ?? 2000);
const metadata = { actor: { type: 'system' as const, id: 'bench' }, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 };
const data = { amountMinor: 12_345, currency: 'USD', customerEmail: 'bench@example.test', description: 'Benchmark payment' };
const newEvent = () => ({ eventId: randomUUID(), type: 'PaymentCreated', data, metadata });

interface Scenario {
  name: string;
  target: number;
  adapter(store: PostgresEventStore): Promise<number>;
  raw(pool: pg.Pool): Promise<number>;
}

const RAW_INSERT = `INSERT INTO raw_events (event_id, stream_id, stream_version, type, data, metadata) VALUES `;

function rawRows(streamId: string, count: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const tuples = Array.from({ length: count }, (_, i) => {
    const e = newEvent();
    params.push(e.eventId, streamId, i, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
    const o = i * 6;
    return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6})`;
  });
  return { sql: RAW_INSERT + tuples.join(', '), params };
}

async function inParallel(writers: number, perWriter: number, write: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await Promise.all(Array.from({ length: writers }, async () => {
    for (let i = 0; i < perWriter; i++) await write();
  }));
  return (writers * perWriter) / ((performance.now() - started) / 1000);
}

const scenarios: Scenario[] = [
  {
    name: 'single writer, 1 event per append',
    target: 0.7,
    adapter: (store) => inParallel(1, EVENTS, async () => void (await store.append(`bench-${randomUUID()}`, [newEvent()], 'no_stream'))),
    raw: (pool) => inParallel(1, EVENTS, async () => {
      const { sql, params } = rawRows(`bench-${randomUUID()}`, 1);
      await pool.query(sql, params);
    }),
  },
  {
    name: '16 writers, 1 event per append',
    target: 0.6,
    adapter: (store) => inParallel(16, Math.ceil(EVENTS / 16), async () => void (await store.append(`bench-${randomUUID()}`, [newEvent()], 'no_stream'))),
    raw: (pool) => inParallel(16, Math.ceil(EVENTS / 16), async () => {
      const { sql, params } = rawRows(`bench-${randomUUID()}`, 1);
      await pool.query(sql, params);
    }),
  },
  {
    name: '100-event batches',
    target: 0.8,
    adapter: async (store) => (await inParallel(1, Math.ceil(EVENTS / 100), async () => {
      await store.append(`bench-${randomUUID()}`, Array.from({ length: 100 }, newEvent), 'no_stream');
    })) * 100,
    raw: async (pool) => (await inParallel(1, Math.ceil(EVENTS / 100), async () => {
      const { sql, params } = rawRows(`bench-${randomUUID()}`, 100);
      await pool.query(sql, params);
    })) * 100,
  },
];

function median(values: number[]): number {
  const middle = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  if (middle === undefined) throw new Error('median of no values');
  return middle;
}

async function main(): Promise<void> {
  let url = process.env.DATABASE_URL;
  let cleanup = async () => undefined as void;
  if (!url) {
    const dir = await mkdtemp(join(tmpdir(), 'tallyline-bench-'));
    await chmod(dir, 0o755);
    const server = await startEmbeddedPostgres(dir, { database: 'bench' });
    url = server.url;
    cleanup = async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const dataSource = new DataSource({ type: 'postgres', url, migrations });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  await dataSource.destroy();
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  pool.on('error', () => undefined); // the server stops at the end while idle clients linger
  // The raw baseline: the same columns, keys and indexes as the events table.
  await pool.query(`CREATE TABLE IF NOT EXISTS raw_events (
    global_position bigserial PRIMARY KEY, event_id uuid NOT NULL UNIQUE, stream_id text NOT NULL,
    stream_version integer NOT NULL, type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL,
    recorded_at timestamptz(3) NOT NULL DEFAULT now(), UNIQUE (stream_id, stream_version))`);
  await pool.query('CREATE INDEX IF NOT EXISTS raw_events_type_idx ON raw_events (type, global_position)');
  await pool.query('CREATE INDEX IF NOT EXISTS raw_events_recorded_at_idx ON raw_events (recorded_at)');
  const store = new PostgresEventStore(pool);

  console.log(`Append benchmark: ${EVENTS} events per run, ${ROUNDS} rounds, raw and adapter alternating, medians.\n`);
  const rows = [];
  for (const scenario of scenarios) {
    const raw: number[] = [];
    const adapter: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate who goes first so neither side always gets the warmer cache.
      if (round % 2 === 0) {
        raw.push(await scenario.raw(pool));
        adapter.push(await scenario.adapter(store));
      } else {
        adapter.push(await scenario.adapter(store));
        raw.push(await scenario.raw(pool));
      }
      process.stdout.write(`  ${scenario.name}: round ${round + 1}/${ROUNDS} done\n`);
    }
    const ratio = median(adapter) / median(raw);
    rows.push({
      scenario: scenario.name,
      'raw pg ev/s': Math.round(median(raw)),
      'event store ev/s': Math.round(median(adapter)),
      ratio: ratio.toFixed(2),
      target: `>= ${scenario.target}`,
      met: ratio >= scenario.target ? 'yes' : 'NO',
    });
  }
  console.log();
  console.table(rows);
  await store.close();
  await pool.end();
  await cleanup();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
