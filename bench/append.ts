/**
 * Append throughput of the PostgreSQL event store next to the same INSERTs done raw with `pg` and the
 * same appends through the peer, `@event-driven-io/emmett-postgresql`: one real PostgreSQL server with
 * default durability, one pool for all three, the sides taking turns in a rotating order each round.
 * Reported as medians and ratios; nothing here is a pass/fail test.
 *
 *   npm run bench:append            (embedded PostgreSQL in a temp dir, or DATABASE_URL)
 *   ROUNDS=5 EVENTS=4000 npm run bench:append
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore, type PostgresEventStore as EmmettEventStore } from '@event-driven-io/emmett-postgresql';
import type * as hdr from 'hdr-histogram-js';
import type pg from 'pg';
import { DatabasePool } from '@tallyline/backend/platform/database/database-pool';
import { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '@tallyline/backend/platform/database/embedded-postgres';
import { migrations } from '@tallyline/backend/platform/database/migrations/index';
import { PostgresEventStore } from '@tallyline/backend/platform/event-store/postgres/postgres-event-store';
import { newHistogram, report, serverVersion, sized } from './results.js';

const ROUNDS = sized('ROUNDS', 3, 1);
const EVENTS = sized('EVENTS', 2000, 200);
const metadata = { actor: { type: 'system' as const, id: 'bench' }, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 };
const data = { amountMinor: 12_345, currency: 'USD', customerEmail: 'bench@example.test', description: 'Benchmark payment' };
const newEvent = () => ({ eventId: randomUUID(), type: 'PaymentCreated', data, metadata });
const newEvents = (count: number) => Array.from({ length: count }, newEvent);

/** One way of appending `count` new events to a new stream. */
type Append = (count: number) => Promise<unknown>;

interface Side {
  name: string;
  append: Append;
}

interface Scenario {
  name: string;
  writers: number;
  perAppend: number;
  /** ours ÷ raw pg */
  target: number;
}

const scenarios: Scenario[] = [
  { name: 'single writer, 1 event per append', writers: 1, perAppend: 1, target: 0.7 },
  { name: '16 writers, 1 event per append', writers: 16, perAppend: 1, target: 0.6 },
  { name: '100-event batches', writers: 1, perAppend: 100, target: 0.8 },
];

const RAW_INSERT = `INSERT INTO raw_events (event_id, stream_id, stream_version, type, data, metadata) VALUES `;

function rawAppend(pool: pg.Pool): Append {
  return async (count) => {
    const streamId = `bench-${randomUUID()}`;
    const params: unknown[] = [];
    const tuples = newEvents(count).map((e, i) => {
      params.push(e.eventId, streamId, i, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
      const o = i * 6;
      return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6})`;
    });
    await pool.query(RAW_INSERT + tuples.join(', '), params);
  };
}

const oursAppend = (store: PostgresEventStore): Append => (count) => store.append(`bench-${randomUUID()}`, newEvents(count), 'no_stream');

/** The peer's append with the same payload: data, and the same metadata object on each event. */
const peerAppend = (store: EmmettEventStore): Append => (count) =>
  store.appendToStream(
    `bench-${randomUUID()}`,
    newEvents(count).map((e) => ({ type: e.type, data: e.data, metadata: e.metadata })),
    { expectedStreamVersion: STREAM_DOES_NOT_EXIST },
  );

/** Events per second over the whole scenario; every append's latency goes into `histogram`. */
async function run(scenario: Scenario, append: Append, histogram: hdr.Histogram): Promise<number> {
  const appends = Math.max(1, Math.ceil(EVENTS / scenario.perAppend / scenario.writers));
  const started = performance.now();
  await Promise.all(
    Array.from({ length: scenario.writers }, async () => {
      for (let i = 0; i < appends; i++) {
        const sent = performance.now();
        await append(scenario.perAppend);
        histogram.recordValue(Math.max(1, Math.round((performance.now() - sent) * 1000)));
      }
    }),
  );
  return (scenario.writers * appends * scenario.perAppend) / ((performance.now() - started) / 1000);
}

function median(values: number[]): number {
  const middle = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  if (middle === undefined) throw new Error('median of no values');
  return middle;
}

async function database(): Promise<{ url: string; cleanup(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, cleanup: async () => undefined };
  const dir = await mkdtemp(join(tmpdir(), 'tallyline-bench-'));
  await chmod(dir, 0o755);
  const server = await startEmbeddedPostgres(dir, { database: 'bench' });
  return {
    url: server.url,
    async cleanup() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const db = await database();
  const { url } = db;
  const dataSource = new DataSource({ type: 'postgres', url, migrations });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  await dataSource.destroy();
  const pool = new DatabasePool({ connectionString: url, max: 20 });
  // The raw baseline: the same columns, keys and indexes as the events table.
  await pool.query(`CREATE TABLE IF NOT EXISTS raw_events (
    global_position bigserial PRIMARY KEY, event_id uuid NOT NULL UNIQUE, stream_id text NOT NULL,
    stream_version integer NOT NULL, type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL,
    recorded_at timestamptz(3) NOT NULL DEFAULT now(), UNIQUE (stream_id, stream_version))`);
  await pool.query('CREATE INDEX IF NOT EXISTS raw_events_type_idx ON raw_events (type, global_position)');
  await pool.query('CREATE INDEX IF NOT EXISTS raw_events_recorded_at_idx ON raw_events (recorded_at)');
  const ours = new PostgresEventStore(pool);
  // The peer on the same pool (the same connections); its schema is created before the clock starts.
  const peer = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
  await peer.schema.migrate();
  const sides: Side[] = [
    { name: 'raw pg', append: rawAppend(pool) },
    { name: 'ours', append: oursAppend(ours) },
    { name: 'emmett', append: peerAppend(peer) },
  ];

  console.log(`Append benchmark: ${EVENTS} events per run, ${ROUNDS} rounds, raw pg / ours / emmett-postgresql in rotating order, medians.\n`);
  const rows = [];
  const histograms: Record<string, hdr.Histogram> = {};
  for (const scenario of scenarios) {
    const rates = new Map(sides.map((side) => [side, [] as number[]]));
    for (const side of sides) histograms[`${scenario.name}: ${side.name}`] = newHistogram();
    for (let round = 0; round < ROUNDS; round++) {
      // Rotate who goes first so no side always gets the warmer cache or the quieter moment.
      const order = sides.map((_, i) => sides[(i + round) % sides.length]!); // an index modulo the length
      for (const side of order) rates.get(side)!.push(await run(scenario, side.append, histograms[`${scenario.name}: ${side.name}`]!)); // set above
      process.stdout.write(`  ${scenario.name}: round ${round + 1}/${ROUNDS} done\n`);
    }
    const [raw, our, emmett] = sides.map((side) => median(rates.get(side)!)) as [number, number, number]; // three sides
    rows.push({
      scenario: scenario.name,
      'raw pg ev/s': Math.round(raw),
      'ours ev/s': Math.round(our),
      'emmett ev/s': Math.round(emmett),
      'ours ÷ raw': Number((our / raw).toFixed(2)),
      target: `>= ${scenario.target}`,
      met: our / raw >= scenario.target ? 'yes' : 'NO',
      'ours ÷ emmett': Number((our / emmett).toFixed(2)),
      'peer target': '>= 1.00',
      'peer met': our >= emmett ? 'yes' : 'NO',
    });
  }
  await report('append', {
    conditions: { events: EVENTS, rounds: ROUNDS, pool: 20, durability: 'default (synchronous_commit on)', peer: '@event-driven-io/emmett-postgresql 0.42.0', postgres: await serverVersion(pool) },
    rows,
    histograms,
  });
  await ours.close();
  await pool.end();
  await db.cleanup();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
