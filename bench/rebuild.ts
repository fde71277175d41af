/**
 * Replay throughput on the seeded database (run `npm run bench:seed` first): every projection
 * rebuilt alone (events/s per projection; not in --quick), then all of them together (the time to
 * rebuild every read model, and the process's peak memory meanwhile), then the same read models
 * rebuilt in plain SQL (plain-sql-rebuild.ts) as the floor to compare with. Each replay is a real
 * one: shadow tables, chunked commits, swap.
 *
 *   npm run bench:rebuild
 */
import { DatabasePool } from '@tallyline/backend/platform/database/database-pool';
import { EventStore } from '@tallyline/backend/platform/event-store/event-store.port';
import { ProcessorRunner } from '@tallyline/backend/platform/projections/processor-runner';
import { ProjectionRebuilder } from '@tallyline/backend/platform/projections/rebuild/projection-rebuilder';
import { plainSqlRebuild } from './plain-sql-rebuild.js';
import { QUICK, report, serverVersion } from './results.js';
import { openBench, seconds } from './support.js';

const PER_PROJECTION_TARGET = 25_000;
const ALL_TARGET_SECONDS = 60;
const PLAIN_SQL_TARGET = 4; // replay ÷ plain SQL, seconds
const MEMORY_TARGET_MB = 512;

/** The process's peak resident memory while `work` runs, sampled every 100 ms. */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  try {
    const result = await work();
    return { result, peakMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20) };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  const bench = await openBench();
  try {
    const rebuilder = bench.app.get(ProjectionRebuilder);
    const pool = bench.app.get(DatabasePool);
    const names = bench.app.get(ProcessorRunner).projections.map((p) => p.name);
    const events = (await bench.app.get(EventStore).readAll(0n, 1)).length;
    if (events === 0) throw new Error('The store is empty: run `npm run bench:seed` first.');
    const rows = [];
    for (const name of QUICK ? [] : names) {
      const started = performance.now();
      const [summary] = await rebuilder.rebuild([name]);
      if (!summary) throw new Error(`Rebuilding ${name} answered no summary`);
      const rate = summary.events / seconds(started);
      rows.push({ projection: name, events: summary.events, seconds: Number(seconds(started).toFixed(1)), 'events/s': Math.round(rate), target: `>= ${PER_PROJECTION_TARGET} ev/s`, met: rate >= PER_PROJECTION_TARGET ? 'yes' : 'NO' });
      console.log(`  ${name}: ${Math.round(rate)} events/s`);
    }
    const started = performance.now();
    const { result: [all], peakMb } = await peakMemory(() => rebuilder.rebuild([]));
    if (!all) throw new Error('Rebuilding all projections answered no summary');
    const took = seconds(started);
    console.log(`  all ${names.length} together: ${took.toFixed(1)} s, peak memory ${peakMb} MB. Now the same read models in plain SQL...`);
    const plain = await plainSqlRebuild(pool);
    const ratio = took / plain.seconds;
    rows.push(
      { projection: `all ${names.length} together`, events: all.events, seconds: Number(took.toFixed(1)), 'events/s': Math.round(all.events / took), target: `<= ${ALL_TARGET_SECONDS} s`, met: took <= ALL_TARGET_SECONDS ? 'yes' : 'NO' },
      { projection: 'plain SQL, same read models (INSERT … SELECT per table)', events: all.events, seconds: Number(plain.seconds.toFixed(1)), 'events/s': Math.round(all.events / plain.seconds), target: '', met: '' },
      { projection: 'replay ÷ plain SQL (time)', ratio: Number(ratio.toFixed(2)), target: `<= ${PLAIN_SQL_TARGET}`, met: ratio <= PLAIN_SQL_TARGET ? 'yes' : 'NO' },
      { projection: 'peak memory of the replaying process (RSS)', MB: peakMb, target: `< ${MEMORY_TARGET_MB} MB`, met: peakMb < MEMORY_TARGET_MB ? 'yes' : 'NO' },
    );
    await report('rebuild', {
      conditions: { events: all.events, projections: names.length, chunk: 5000, perProjection: !QUICK, postgres: await serverVersion(pool) },
      rows,
      notes: [
        `Plain SQL wrote ${plain.rows} rows into copies of users, user_credentials, merchants, api_keys, merchant_applications, application_history and event_log (indexes built after the load, as the replay's shadow tables).`,
        plain.mismatched.length ? `Row counts differ from the replay's: ${plain.mismatched.join(', ')}.` : 'Every copy has as many rows as the read model the replay built.',
      ],
    });
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
