import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '@tallyline/backend/platform/database/embedded-postgres';
import { migrations } from '@tallyline/backend/platform/database/migrations/index';
import { PostgresEventStore } from '@tallyline/backend/platform/event-store/postgres/postgres-event-store';

const EVENTS = Number(process.env.EVENTS ?? 3000), ROUNDS = Number(process.env.ROUNDS ?? 5);
const metadata = { actor: { type: 'system', id: 'bench' }, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 };
const data = { amountMinor: 12_345, currency: 'USD', customerEmail: 'bench@example.test', description: 'Benchmark payment' };
const newEvent = () => ({ eventId: randomUUID(), type: 'PaymentCreated', data, metadata });
const dir = await mkdtemp(join(tmpdir(), 'exp-')); await chmod(dir, 0o755);
const server = await startEmbeddedPostgres(dir, { database: 'bench' });
const ds = new DataSource({ type: 'postgres', url: server.url, migrations }); await ds.initialize(); await ds.runMigrations({ transaction: 'each' }); await ds.destroy();
const pool = new pg.Pool({ connectionString: server.url, max: 20 }); pool.on('error', () => undefined);
await pool.query(`CREATE TABLE raw_events (global_position bigserial PRIMARY KEY, event_id uuid NOT NULL UNIQUE, stream_id text NOT NULL,
    stream_version integer NOT NULL, type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL,
    recorded_at timestamptz(3) NOT NULL DEFAULT now(), UNIQUE (stream_id, stream_version))`);
await pool.query('CREATE INDEX ON raw_events (type, global_position)'); await pool.query('CREATE INDEX ON raw_events (recorded_at)');
if (process.env.FN) await pool.query((await import('node:fs')).readFileSync(process.env.FN, 'utf8'));
const ours = new PostgresEventStore(pool);
const quiet = new PostgresEventStore(pool); quiet.announce = () => undefined;
const sides = {
  raw: async () => { const e = newEvent(); await pool.query('INSERT INTO raw_events (event_id, stream_id, stream_version, type, data, metadata) VALUES ($1,$2,$3,$4,$5,$6)', [e.eventId, `bench-${randomUUID()}`, 0, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)]); },
  ours: () => ours.append(`bench-${randomUUID()}`, [newEvent()], 'no_stream'),
  'ours, no notify': () => quiet.append(`bench-${randomUUID()}`, [newEvent()], 'no_stream'),
  'fn only': () => pool.query('SELECT * FROM append_events($1, $2, $3::jsonb)', [`bench-${randomUUID()}`, -2, JSON.stringify([newEvent()])]),
};
const rates = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
const names = Object.keys(sides);
for (let r = 0; r < ROUNDS; r++) for (let i = 0; i < names.length; i++) {
  const name = names[(i + r) % names.length]; const t = performance.now();
  for (let n = 0; n < EVENTS; n++) await sides[name]();
  rates[name].push(EVENTS / ((performance.now() - t) / 1000));
}
const med = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const raw = med(rates.raw);
for (const n of names) console.log(n.padEnd(18), Math.round(med(rates[n])), (med(rates[n]) / raw).toFixed(2));
await ours.close(); await quiet.close(); await pool.end(); await server.stop(); await rm(dir, { recursive: true, force: true });
