/**
 * Replay throughput on the seeded database (run `npm run bench:seed` first): every projection
 * rebuilt alone (events/s per projection), then all of them together (the time to rebuild every
 * read model). Each run is a real replay: shadow tables, chunked commits, swap.
 *
 *   npm run bench:rebuild
 */
import { EventStore } from '@tallyline/backend/platform/event-store/event-store.port';
import { ProcessorRunner } from '@tallyline/backend/platform/projections/processor-runner';
import { ProjectionRebuilder } from '@tallyline/backend/platform/projections/rebuild/projection-rebuilder';
import { openBench, seconds } from './support.js';

const PER_PROJECTION_TARGET = 25_000;
const ALL_TARGET_SECONDS = 60;

async function main(): Promise<void> {
  const bench = await openBench();
  try {
    const rebuilder = bench.app.get(ProjectionRebuilder);
    const names = bench.app.get(ProcessorRunner).projections.map((p) => p.name);
    const events = (await bench.app.get(EventStore).readAll(0n, 1)).length;
    if (events === 0) throw new Error('The store is empty: run `npm run bench:seed` first.');
    const rows = [];
    for (const name of names) {
      const started = performance.now();
      const [summary] = await rebuilder.rebuild([name]);
      if (!summary) throw new Error(`Rebuilding ${name} answered no summary`);
      const rate = summary.events / seconds(started);
      rows.push({ projection: name, events: summary.events, seconds: seconds(started).toFixed(1), 'events/s': Math.round(rate), target: `>= ${PER_PROJECTION_TARGET}`, met: rate >= PER_PROJECTION_TARGET ? 'yes' : 'NO' });
      console.log(`  ${name}: ${Math.round(rate)} events/s`);
    }
    const started = performance.now();
    const [all] = await rebuilder.rebuild([]);
    if (!all) throw new Error('Rebuilding all projections answered no summary');
    const took = seconds(started);
    rows.push({ projection: `all ${names.length} together`, events: all.events, seconds: took.toFixed(1), 'events/s': Math.round(all.events / took), target: `<= ${ALL_TARGET_SECONDS} s`, met: took <= ALL_TARGET_SECONDS ? 'yes' : 'NO' });
    console.log();
    console.table(rows);
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
