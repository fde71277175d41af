/**
 * Every benchmark in sequence, each in its own process (so one's heap and event loop never weigh on the
 * next), then one report of all of them: `bench/results/latest.json`, `latest.md` (the tables, the
 * machine) and an SVG chart of the latency distributions per benchmark. A benchmark that crashes fails
 * the run; a missed target never does (timings on a shared machine are not a test).
 *
 *   npm run bench                     everything, full sizes (an hour and more)
 *   npm run bench -- append rebuild   only these; the others keep their last result in the report
 *   npm run bench -- --report-only    no benchmark runs: the report again from the last results
 *   npm run bench:quick               smaller sizes, a smoke test; its report goes to .data/bench-results/quick
 *   BENCH_NOTE="shared with 4 other jobs" npm run bench    a line about the machine for the report
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { latencyChart } from './chart.js';
import { QUICK, RESULTS_DIR } from './results.js';
import { markdown, type BenchmarkResult, type Machine, type RunEntry } from './summary.js';

interface Benchmark {
  name: string;
  title: string;
  /** bench/<script>.ts, run from bench/dist. */
  script: string;
  /** Runs only when this holds; otherwise the entry is listed as skipped with the reason. */
  when?: () => string | undefined;
}

const exists = (source: string) => () => (existsSync(`bench/${source}`) ? undefined : `bench/${source} is not in this build`);

/** The benchmarks in the order they run; seed comes before the two that read the seeded store. */
const BENCHMARKS: Benchmark[] = [
  { name: 'append', title: '1. Event append: ours vs raw pg vs emmett-postgresql', script: 'append' },
  { name: 'payments-create', title: '2. POST /api/client/payments vs bare Fastify + pg', script: 'payments-create' },
  { name: 'seed', title: '3–4. Seeding the event store (merchant lives)', script: 'seed' },
  { name: 'replay-lag', title: '3. Projection lag', script: 'replay-lag' },
  { name: 'rebuild', title: '4. Replay (rebuild of every read model) vs plain SQL', script: 'rebuild' },
  { name: 'transactions-list', title: '5. Reads: GET /api/transactions and stats', script: 'transactions-list' },
  { name: 'webhooks', title: '6. Webhook deliveries', script: 'webhooks', when: exists('webhooks.ts') },
  { name: 'web-delivery', title: '7. Front end: JS per public route and LCP', script: 'web-delivery' },
];

/** Where the report goes: the committed results for a full run, next to the quick results otherwise. */
const OUT_DIR = QUICK ? RESULTS_DIR : 'bench/results';

function runScript(script: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`bench/dist/${script}.js`, ...(QUICK ? ['--quick'] : [])], {
      env: { ...process.env, ...(QUICK ? { BENCH_QUICK: '1' } : {}) },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(signal ? 128 : code));
  });
}

async function lastResult(name: string): Promise<BenchmarkResult | undefined> {
  const file = join(RESULTS_DIR, `${name}.json`);
  if (!existsSync(file)) return undefined;
  return JSON.parse(await readFile(file, 'utf8')) as BenchmarkResult;
}

const load = () => os.loadavg().map((n) => Math.round(n * 10) / 10);

async function main(): Promise<void> {
  if (!existsSync('backend/dist/main.js')) throw new Error('The benchmarks use the built app: run `npm run build` first.');
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const unknown = only.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length) throw new Error(`No benchmark named ${unknown.join(', ')}; there are ${BENCHMARKS.map((b) => b.name).join(', ')}.`);
  const startLoad = load();
  const started = new Date();
  const entries: RunEntry[] = [];
  const chosen = process.argv.includes('--report-only') ? [] : BENCHMARKS.filter((b) => !only.length || only.includes(b.name));
  console.log(`Running ${chosen.length} benchmark${chosen.length === 1 ? '' : 's'}${QUICK ? ' (quick)' : ''}: ${chosen.map((b) => b.name).join(', ')}`);
  for (const [i, benchmark] of BENCHMARKS.entries()) {
    const entry: RunEntry = { name: benchmark.name, title: benchmark.title, status: 'not run' };
    entries.push(entry);
    if (!chosen.includes(benchmark)) continue;
    const skip = benchmark.when?.();
    if (skip) {
      Object.assign(entry, { status: 'skipped', reason: skip });
      console.log(`\n[${i + 1}/${BENCHMARKS.length}] ${benchmark.name}: skipped (${skip})`);
      continue;
    }
    console.log(`\n[${i + 1}/${BENCHMARKS.length}] ${benchmark.name}: ${benchmark.title}`);
    const since = performance.now();
    const code = await runScript(benchmark.script);
    entry.seconds = (performance.now() - since) / 1000;
    Object.assign(entry, code === 0 ? { status: 'ok' } : { status: 'failed', reason: `exit code ${code}` });
    console.log(`[${i + 1}/${BENCHMARKS.length}] ${benchmark.name}: ${entry.status} in ${entry.seconds.toFixed(0)} s`);
  }

  await mkdir(OUT_DIR, { recursive: true });
  for (const entry of entries) {
    const result = await lastResult(entry.name);
    // A result written before this run started belongs to an earlier run: kept, and labelled so.
    if (!result || (entry.status === 'ok' && new Date(result.at) < started)) continue;
    entry.result = result;
    if (Object.keys(result.distributions).length) {
      entry.chart = `${entry.name}.svg`;
      await writeFile(join(OUT_DIR, entry.chart), latencyChart(entry.title, result.distributions));
    }
  }
  const at = new Date().toISOString();
  const machine: Machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres: [...new Set(entries.map((e) => e.result?.conditions.postgres).filter((v): v is string => typeof v === 'string'))],
    loadAverage: { start: startLoad, end: load() },
    note: process.env.BENCH_NOTE ?? '',
  };
  await writeFile(join(OUT_DIR, 'latest.json'), JSON.stringify({ at, quick: QUICK, machine, benchmarks: entries }, null, 2) + '\n');
  const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  await writeFile(join(OUT_DIR, 'latest.md'), markdown(at, command, QUICK, machine, entries));
  const failed = entries.filter((e) => e.status === 'failed');
  console.log(`\nReport: ${join(OUT_DIR, 'latest.md')}`);
  console.log(`${entries.filter((e) => e.status === 'ok').length} passed, ${failed.length} failed${failed.length ? ` (${failed.map((e) => e.name).join(', ')})` : ''}`);
  if (failed.length) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
