/**
 * Projection lag while a full replay runs next to the app: the app runs every processor, a writer
 * appends merchant lives (events.ts) at a steady rate, and each append's lag is the time until every
 * projection has processed it (`waitFor`, as read-your-writes does). First BASELINE_SECONDS without
 * a replay, then the same rate while `npm run replay` (a second process) rebuilds everything.
 * Run `npm run bench:seed` and `npm run build` first.
 *
 *   npm run bench:replay-lag
 *   RATE=200 BASELINE_SECONDS=20 npm run bench:replay-lag
 */
import { spawn } from 'node:child_process';
import * as hdr from 'hdr-histogram-js';
import { DatabasePool } from '@tallyline/backend/platform/database/database-pool';
import { EventStore } from '@tallyline/backend/platform/event-store/event-store.port';
import { ProcessorRunner } from '@tallyline/backend/platform/projections/processor-runner';
import { ProjectionRebuilder } from '@tallyline/backend/platform/projections/rebuild/projection-rebuilder';
import { EVENTS_PER_LIFE, merchantLife } from './events.js';
import { BENCH_DATA_DIR, openBench, seconds, type Bench } from './support.js';

const RATE = Number(process.env.RATE ?? 100); // events per second
const BASELINE_SECONDS = Number(process.env.BASELINE_SECONDS ?? 30);
const MAX_REPLAY_SECONDS = 600;
const LAG_LIMIT_MS = 60_000;

/** Every processor at the head, so the app starts live instead of catching up a million events. */
async function prepare(): Promise<void> {
  const bench = await openBench();
  try {
    const pool = bench.app.get(DatabasePool);
    const head = (await pool.query<{ head: string }>('SELECT coalesce(max(global_position), 0)::text AS head FROM events')).rows[0]!.head; // an aggregate answers one row
    const runner = bench.app.get(ProcessorRunner);
    const behind = (await pool.query<{ name: string }>('SELECT name FROM processor_checkpoints WHERE position >= $1', [head])).rows.map((r) => r.name);
    const projections = runner.projections.map((p) => p.name).filter((name) => !behind.includes(name));
    if (projections.length) {
      console.log(`Bringing ${projections.join(', ')} up to date with a replay first...`);
      await bench.app.get(ProjectionRebuilder).rebuild(projections);
    }
    // Reactors would send a million e-mails: they start at the head, as on a system that ran all along.
    for (const name of runner.names.filter((n) => !runner.projections.some((p) => p.name === n))) {
      await pool.query(
        `INSERT INTO processor_checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = GREATEST(processor_checkpoints.position, EXCLUDED.position)`,
        [name, head],
      );
    }
  } finally {
    await bench.close();
  }
}

/** Writes at RATE until `until` resolves; returns the lag histogram (microseconds). */
async function measure(bench: Bench, until: Promise<unknown>, offset: number) {
  const store = bench.app.get(EventStore);
  const runner = bench.app.get(ProcessorRunner);
  const histogram = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: LAG_LIMIT_MS * 1000, numberOfSignificantValueDigits: 3 });
  const inFlight = new Set<Promise<void>>();
  let done = false;
  void until.finally(() => (done = true));
  const started = performance.now();
  for (let life = 0; !done; life++) {
    const run = (async () => {
      for (const { streamId, events } of merchantLife(offset + life)) {
        const { lastPosition } = await store.append(streamId, events, 'no_stream');
        const appended = performance.now();
        await runner.waitFor(lastPosition, LAG_LIMIT_MS);
        histogram.recordValue(Math.round((performance.now() - appended) * 1000));
      }
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    // Open loop: the next life starts on schedule, whether or not the previous one is done.
    const due = started + ((life + 1) * EVENTS_PER_LIFE * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  await Promise.all(inFlight);
  return { histogram, seconds: seconds(started) };
}

function replayProcess(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['backend/dist/cli/replay.js'], { env: { ...process.env, DATA_DIR: BENCH_DATA_DIR }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGINT'), MAX_REPLAY_SECONDS * 1000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      console.log(output.slice(output.indexOf('Replay summary')));
      if (code === 0) resolve(code);
      else reject(new Error(`replay exited with ${code}`));
    });
  });
}

async function main(): Promise<void> {
  await prepare();
  const bench = await openBench({ RUN_PROCESSORS: 'true' });
  try {
    const offset = 10_000_000 + Math.floor(Math.random() * 1_000_000_000);
    console.log(`Baseline: ${RATE} events/s for ${BASELINE_SECONDS} s, no replay...`);
    const baseline = await measure(bench, new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000)), offset);
    console.log(`Same rate while \`npm run replay\` rebuilds every projection...`);
    const replayStarted = performance.now();
    const during = await measure(bench, replayProcess(), offset + 1_000_000);
    const replaySeconds = seconds(replayStarted);
    const ms = (h: hdr.Histogram, p: number) => h.getValueAtPercentile(p) / 1000;
    const row = (phase: string, h: hdr.Histogram, took: number) => ({
      phase,
      appends: h.totalCount,
      'events/s': Math.round((h.totalCount * EVENTS_PER_LIFE) / 3 / took),
      'p50 ms': ms(h, 50).toFixed(1),
      'p99 ms': ms(h, 99).toFixed(1),
      'max ms': (h.maxValue / 1000).toFixed(1),
      'p50 ratio': (ms(h, 50) / ms(baseline.histogram, 50)).toFixed(2),
      'p99 ratio': (ms(h, 99) / ms(baseline.histogram, 99)).toFixed(2),
    });
    console.log();
    console.table([row('no replay', baseline.histogram, baseline.seconds), row(`full replay (${replaySeconds.toFixed(0)} s)`, during.histogram, during.seconds)]);
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
