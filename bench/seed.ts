/**
 * Writes N events (default 1,000,000) through the event store's append, as merchant lives (see
 * events.ts), from 16 concurrent writers, without waiting for the WAL flush at commit (a bulk load).
 * Skips when the store already holds N events.
 *
 *   npm run bench:seed                  (embedded PostgreSQL under .data/bench, or DATABASE_URL)
 *   EVENTS=200000 npm run bench:seed
 */
import { rm } from 'node:fs/promises';
import { EventStore } from '@tallyline/backend/platform/event-store/event-store.port';
import { DatabasePool } from '@tallyline/backend/platform/database/database-pool';
import { EVENTS_PER_LIFE, merchantLife } from './events.js';
import { QUICK, report, serverVersion, sized } from './results.js';
import { BENCH_DATA_DIR, openBench, seconds } from './support.js';

const TARGET = sized('EVENTS', 1_000_000, 1_800);
const WRITERS = 16;

async function main(): Promise<void> {
  // Bulk loading: its own sessions skip waiting for the WAL flush at commit (nothing else changes).
  process.env.PGOPTIONS = `${process.env.PGOPTIONS ?? ''} -c synchronous_commit=off`;
  // A quick run starts from a small store each time: the lag benchmark appends to it, a replay reads it all.
  if (QUICK && !process.env.DATABASE_URL) await rm(BENCH_DATA_DIR, { recursive: true, force: true });
  const bench = await openBench();
  try {
    const store = bench.app.get(EventStore);
    const pool = bench.app.get(DatabasePool);
    const existing = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n); // an aggregate answers one row
    const conditions = { events: TARGET, writers: WRITERS, durability: 'synchronous_commit off (a bulk load)', postgres: await serverVersion(pool) };
    if (existing >= TARGET) {
      console.log(`The store already holds ${existing} events; nothing to seed.`);
      await report('seed', { conditions, rows: [{ step: 'seed', events: existing, written: 0, note: 'already seeded (delete the data directory to seed again)' }] });
      return;
    }
    const lives = Math.ceil((TARGET - existing) / EVENTS_PER_LIFE);
    console.log(`Seeding ${lives * EVENTS_PER_LIFE} events (${lives} merchant lives) with ${WRITERS} writers...`);
    const started = performance.now();
    let next = 0;
    let written = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let i = next++; i < lives; i = next++) {
          for (const { streamId, events } of merchantLife(existing + i)) await store.append(streamId, events, 'no_stream');
          written += EVENTS_PER_LIFE;
          if (written % 90_000 === 0) console.log(`  ${written} events, ${Math.round(written / seconds(started))} ev/s`);
        }
      }),
    );
    const took = seconds(started);
    console.log(`Seeded ${written} events in ${took.toFixed(1)} s (${Math.round(written / took)} ev/s).`);
    await report('seed', { conditions, rows: [{ step: 'seed', events: existing + written, written, seconds: Number(took.toFixed(1)), 'events/s': Math.round(written / took) }] });
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
