/**
 * Projection lag (event commit → every read model has it, what read-your-writes waits for), on the
 * seeded store (run `npm run bench:seed` and `npm run build` first), the app running every processor:
 *   1. steady: RATE events/s (merchant lives, open loop) with READS read-model lookups/s beside them;
 *   2. burst: 2 × RATE for BURST_SECONDS, then RATE again: how long until the lag stays under 50 ms;
 *   3. the steady load while `npm run replay` (a second process) rebuilds every read model (--quick: users);
 *   4. scale-out: one app instance writing flat out, then two on the same database (their own processes).
 *
 *   npm run bench:replay-lag
 *   RATE=500 STEADY_SECONDS=20 npm run bench:replay-lag
 *   SKIP_REPLAY=1 npm run bench:replay-lag            (every phase but the replay beside the load)
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import * as hdr from 'hdr-histogram-js';
import { startEmbeddedPostgres } from '@tallyline/backend/platform/database/embedded-postgres';
import { DatabasePool } from '@tallyline/backend/platform/database/database-pool';
import { ProcessorRunner } from '@tallyline/backend/platform/projections/processor-runner';
import { ProjectionRebuilder } from '@tallyline/backend/platform/projections/rebuild/projection-rebuilder';
import { writeAtRate, type LagRun } from './lag-writer.js';
import { newHistogram, QUICK, report, serverVersion, sized } from './results.js';
import { BENCH_DATA_DIR, openBench, seconds, type Bench } from './support.js';

const RATE = sized('RATE', 1000, 50); // events per second
const READS = sized('READS', 200, 20); // read-model lookups per second
const STEADY_SECONDS = sized('STEADY_SECONDS', 30, 2);
const BURST_SECONDS = sized('BURST_SECONDS', 10, 2);
const AFTER_BURST_SECONDS = sized('AFTER_BURST_SECONDS', 10, 2);
const SCALE_SECONDS = sized('SCALE_SECONDS', 15, 2);
const SCALE_WRITERS = sized('SCALE_WRITERS', 8, 4);
/** The projections the replay beside the load rebuilds: all of them, or in --quick the smallest one. */
const REPLAYED = QUICK ? ['users'] : [];
const MAX_REPLAY_SECONDS = 900;
/** SKIP_REPLAY=1 leaves out phase 3 (the full replay takes about ten minutes): for trying a change quickly. */
const SKIP_REPLAY = process.env.SKIP_REPLAY === '1';
const TARGETS = { p50: 10, p99: 50, recovery: 5, recoveredBelow: 50 };

/** Every processor at the head, so the app starts live instead of catching up a million events. */
async function prepare(env: Record<string, string>): Promise<void> {
  const bench = await openBench(env);
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

/**
 * Read-model lookups at READS per second through the app's pool (as the API's GETs would), on
 * merchants and applications written so far, until `until` resolves: their latency histogram.
 */
async function readAtRate(bench: Bench, until: Promise<unknown>, merchants: string[]): Promise<Reads> {
  const pool = bench.app.get(DatabasePool);
  const histogram = newHistogram();
  let failed = 0;
  const inFlight = new Set<Promise<unknown>>();
  let done = false;
  void until.finally(() => (done = true));
  const seeded = (await pool.query<{ id: string }>('SELECT id FROM merchants ORDER BY created_at DESC LIMIT 1000')).rows.map((r) => r.id);
  const started = performance.now();
  for (let n = 0; !done; n++) {
    const ids = merchants.length ? merchants : seeded;
    const id = ids[Math.floor(Math.random() * ids.length)];
    const sent = performance.now();
    const one = (n % 2 === 0
      ? pool.query('SELECT * FROM merchants WHERE id = $1', [id])
      : pool.query(`SELECT id, status, record FROM merchant_applications WHERE status = 'approved' ORDER BY created_at DESC LIMIT 20`)
    ).then(
      () => histogram.recordValue(Math.max(1, Math.round((performance.now() - sent) * 1000))),
      () => failed++, // an overloaded pool gives up waiting for a connection: counted, the schedule goes on
    );
    inFlight.add(one);
    void one.finally(() => inFlight.delete(one));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + ((n + 1) * 1000) / READS - performance.now())));
  }
  await Promise.all(inFlight);
  return { histogram, failed };
}

interface Reads {
  histogram: hdr.Histogram;
  failed: number;
}

const after = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));

/** Writes at `rate` with reads beside them until `until` resolves. */
async function writeAndRead(bench: Bench, until: Promise<unknown>, offset: number, rate: (elapsedMs: number) => number) {
  const merchants: string[] = [];
  const [writes, reads] = await Promise.all([writeAtRate(bench, until, offset, rate).then((run) => (merchants.push(...run.merchants), run)), readAtRate(bench, until, merchants)]);
  return { writes, reads };
}

/** Seconds after the burst until the lag stays under the bound: the last slow append's time, after the burst ended. */
function recoverySeconds(run: LagRun, burstEndMs: number): number | undefined {
  const afterBurst = run.samples.filter(([at]) => at >= burstEndMs);
  const lastSlow = afterBurst.filter(([, lag]) => lag >= TARGETS.recoveredBelow).at(-1);
  if (!lastSlow) return 0;
  // Still slow in the last second measured: it did not recover within the window.
  if (lastSlow[0] > (afterBurst.at(-1)?.[0] ?? 0) - 1000) return undefined;
  return (lastSlow[0] - burstEndMs) / 1000;
}

/** `npm run replay` beside the load; its failure is a finding to report, not a crash of the benchmark. */
function replayProcess(env: Record<string, string>): Promise<{ code: number | null; failure?: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['backend/dist/cli/replay.js', ...REPLAYED], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGINT'), MAX_REPLAY_SECONDS * 1000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) {
        console.log(output.slice(output.indexOf('Replay summary')));
        resolve({ code });
        return;
      }
      const failure = /Replay failed: .*/.exec(output)?.[0] ?? `replay exited with ${code}`;
      console.log(failure);
      resolve({ code, failure });
    });
  });
}

interface InstanceResult {
  events: number;
  seconds: number;
  p50: number;
  p99: number;
  histogram: string;
}

/** `count` app instances (processes) on the database, started together, each writing flat out. */
async function instances(env: Record<string, string>, count: number, offset: number): Promise<InstanceResult[]> {
  const children = Array.from({ length: count }, (_, i) =>
    spawn(process.execPath, ['bench/dist/scale-out-instance.js'], {
      env: { ...process.env, ...env, SECONDS: String(SCALE_SECONDS), WRITERS: String(SCALE_WRITERS), OFFSET: String(offset + i * 1_000_000) },
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const lines = children.map((child) => createInterface({ input: child.stdout }));
  const ready = lines.map((reader) => new Promise<void>((resolve) => reader.on('line', (line) => line === 'ready' && resolve())));
  const results = lines.map((reader, i) => new Promise<InstanceResult>((resolve, reject) => {
    reader.on('line', (line) => line.startsWith('{') && resolve(JSON.parse(line) as InstanceResult));
    children[i]!.on('exit', (code) => reject(new Error(`instance ${i + 1} exited with ${code} before reporting`))); // one reader per child
  }));
  await Promise.all(ready);
  for (const child of children) child.stdin.write('go\n');
  return Promise.all(results);
}

const ms = (h: hdr.Histogram, p: number) => Number((h.getValueAtPercentile(p) / 1000).toFixed(1));

function lagRow(phase: string, run: LagRun, reads?: Reads) {
  const p50 = ms(run.histogram, 50);
  const p99 = ms(run.histogram, 99);
  return {
    phase,
    appends: run.histogram.totalCount,
    'events/s': Math.round(run.events / run.seconds),
    ...(reads ? { 'reads/s': Math.round(reads.histogram.totalCount / run.seconds), 'read p99 ms': ms(reads.histogram, 99) } : {}),
    ...(reads?.failed ? { 'failed reads': reads.failed } : {}),
    'p50 ms': p50,
    'p99 ms': p99,
    'max ms': Number((run.histogram.maxValue / 1000).toFixed(1)),
    target: `p50 <= ${TARGETS.p50} ms, p99 <= ${TARGETS.p99} ms`,
    met: p50 <= TARGETS.p50 && p99 <= TARGETS.p99 && run.failed === 0 ? 'yes' : 'NO',
    ...(run.failed ? { 'failed appends': `${run.failed} (${run.lastError})` } : {}),
  };
}

async function main(): Promise<void> {
  // One server for the whole run, this process's: the app, the replay and the instances all connect to it.
  const database = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres(BENCH_DATA_DIR);
  const env = { DATABASE_URL: process.env.DATABASE_URL ?? database!.url }; // one of the two is set
  try {
    await measureAll(env);
  } finally {
    await database?.stop();
  }
}

async function measureAll(env: Record<string, string>): Promise<void> {
  await prepare(env);
  const rows: Record<string, unknown>[] = [];
  const histograms: Record<string, hdr.Histogram> = {};
  const offset = 10_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const bench = await openBench({ ...env, RUN_PROCESSORS: 'true' });
  let postgres: string;
  try {
    postgres = await serverVersion(bench.app.get(DatabasePool));
    console.log(`Steady: ${RATE} events/s with ${READS} reads/s for ${STEADY_SECONDS} s...`);
    const steady = await writeAndRead(bench, after(STEADY_SECONDS), offset, () => RATE);
    rows.push(lagRow(`steady ${RATE} ev/s + ${READS} reads/s`, steady.writes, steady.reads));
    Object.assign(histograms, { [`lag at ${RATE} ev/s`]: steady.writes.histogram, [`reads beside it`]: steady.reads.histogram });

    console.log(`Burst: ${2 * RATE} events/s for ${BURST_SECONDS} s, then ${RATE} events/s for ${AFTER_BURST_SECONDS} s...`);
    const burstEnd = BURST_SECONDS * 1000;
    const burst = await writeAndRead(bench, after(BURST_SECONDS + AFTER_BURST_SECONDS), offset + 1_000_000, (elapsed) => (elapsed < burstEnd ? 2 * RATE : RATE));
    const recovery = recoverySeconds(burst.writes, burstEnd);
    rows.push({ ...lagRow(`burst ${2 * RATE} ev/s for ${BURST_SECONDS} s, then ${RATE}`, burst.writes, burst.reads), target: '', met: '' });
    rows.push({
      phase: `recovery after the burst (lag back under ${TARGETS.recoveredBelow} ms for good)`,
      seconds: recovery ?? `not within ${AFTER_BURST_SECONDS} s`,
      target: `<= ${TARGETS.recovery} s`,
      met: recovery !== undefined && recovery <= TARGETS.recovery ? 'yes' : 'NO',
    });
    histograms[`lag, burst and after`] = burst.writes.histogram;

    if (SKIP_REPLAY) console.log('Skipping the load beside a replay (SKIP_REPLAY).');
    else {
      console.log(`Steady load while \`npm run replay\` rebuilds every projection...`);
      const replayStarted = performance.now();
      const replay = replayProcess(env);
      const during = await writeAndRead(bench, replay, offset + 2_000_000, () => RATE);
      const { failure } = await replay;
      rows.push({
        ...lagRow(`steady, ${REPLAYED.length ? `replay of ${REPLAYED.join(', ')}` : 'full replay'} beside it (${seconds(replayStarted).toFixed(0)} s)`, during.writes, during.reads),
        replay: failure ? `FAILED: ${failure}` : 'completed',
      });
      histograms[`lag beside a full replay`] = during.writes.histogram;
    }

    // Scale-out measures writers against live processors, not a backlog left by the phases before.
    console.log('Waiting for every projection to work off the backlog before the scale-out...');
    const settling = performance.now();
    const pool = bench.app.get(DatabasePool);
    const head = BigInt((await pool.query<{ head: string }>('SELECT coalesce(max(global_position), 0)::text AS head FROM events')).rows[0]!.head); // an aggregate answers one row
    if (!(await bench.app.get(ProcessorRunner).waitFor(head, MAX_REPLAY_SECONDS * 1000))) throw new Error('the projections did not reach the head of the log');
    rows.push({ phase: 'backlog worked off after the replay', seconds: Number(seconds(settling).toFixed(1)) });
  } finally {
    await bench.close();
  }

  console.log(`Scale-out: one instance writing flat out (${SCALE_WRITERS} writers, each waiting for its read models) for ${SCALE_SECONDS} s, then two...`);
  const [one] = (await instances(env, 1, offset + 3_000_000)) as [InstanceResult];
  const two = await instances(env, 2, offset + 5_000_000);
  const rate = (r: InstanceResult) => Math.round(r.events / r.seconds);
  const round = (n: number) => Number(n.toFixed(1));
  rows.push({ phase: 'scale-out: one instance', 'events/s': rate(one), 'p50 ms': round(one.p50), 'p99 ms': round(one.p99) });
  two.forEach((r, i) => rows.push({ phase: `scale-out: instance ${i + 1} of 2`, 'events/s': rate(r), 'p50 ms': round(r.p50), 'p99 ms': round(r.p99), 'ratio to one instance': Number((rate(r) / rate(one)).toFixed(2)) }));
  const both = two.reduce((sum, r) => sum + rate(r), 0);
  rows.push({ phase: 'scale-out: both instances together', 'events/s': both, 'ratio to one instance': Number((both / rate(one)).toFixed(2)) });
  histograms['one instance flat out'] = hdr.decodeFromCompressedBase64(one.histogram);
  two.forEach((r, i) => (histograms[`instance ${i + 1} of 2`] = hdr.decodeFromCompressedBase64(r.histogram)));

  await report('replay-lag', {
    conditions: { rate: RATE, reads: READS, steadySeconds: STEADY_SECONDS, burstSeconds: BURST_SECONDS, afterBurstSeconds: AFTER_BURST_SECONDS, scaleSeconds: SCALE_SECONDS, scaleWriters: SCALE_WRITERS, postgres },
    rows,
    histograms,
    notes: [
      'Lag: from an append\'s commit until every projection has processed it (ProcessorRunner.waitFor, what read-your-writes waits on).',
      'Reads: read-model lookups through the app\'s pool (a merchant by id, the newest approved applications), open loop.',
      'Scale-out: each instance is its own process with every processor; a processor runs on one instance at a time (advisory lock), the other waits for its checkpoints through NOTIFY.',
    ],
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
