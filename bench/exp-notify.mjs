import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@tallyline/backend/platform/database/embedded-postgres';
const dir = await mkdtemp(join(tmpdir(), 'expn-')); await chmod(dir, 0o755);
const server = await startEmbeddedPostgres(dir, { database: 'bench' });
const pool = new pg.Pool({ connectionString: server.url, max: 16 });
await pool.query('CREATE TABLE cp (name text PRIMARY KEY, position bigint)');
await pool.query(`INSERT INTO cp SELECT 'p' || i, 0 FROM generate_series(1, 16) i`);
const listener = new pg.Client({ connectionString: server.url }); await listener.connect(); await listener.query('LISTEN ch'); let got = 0; listener.on('notification', () => got++);
const variants = {
  'in tx': async (c, i, n) => { await c.query('BEGIN'); await c.query('UPDATE cp SET position = $2 WHERE name = $1', ['p' + i, n]); await c.query(`SELECT pg_notify('ch', $1)`, ['p' + i]); await c.query('COMMIT'); },
  'no notify': async (c, i, n) => { await c.query('BEGIN'); await c.query('UPDATE cp SET position = $2 WHERE name = $1', ['p' + i, n]); await c.query('COMMIT'); },
  'after, sync': async (c, i, n) => { await c.query('BEGIN'); await c.query('UPDATE cp SET position = $2 WHERE name = $1', ['p' + i, n]); await c.query('COMMIT'); await c.query(`SELECT pg_notify('ch', $1)`, ['p' + i]); },
  'after, async': async (c, i, n) => { await c.query('BEGIN'); await c.query('UPDATE cp SET position = $2 WHERE name = $1', ['p' + i, n]); await c.query('COMMIT'); await c.query(`SELECT pg_notify('ch', $1) FROM set_config('synchronous_commit', 'off', true)`, ['p' + i]); },
};
const W = Number(process.env.W ?? 8), N = Number(process.env.N ?? 300);
const res = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
for (let r = 0; r < 3; r++) for (const [name, fn] of Object.entries(variants)) {
  const t = performance.now();
  await Promise.all(Array.from({ length: W }, async (_, i) => { const c = await pool.connect(); try { for (let n = 0; n < N; n++) await fn(c, i, n); } finally { c.release(); } }));
  res[name].push(Math.round((W * N) / ((performance.now() - t) / 1000)));
}
for (const [k, v] of Object.entries(res)) console.log(k.padEnd(14), v.join(' '), 'tx/s');
console.log('notifications received', got);
await listener.end(); await pool.end(); await server.stop(); await rm(dir, { recursive: true, force: true });
