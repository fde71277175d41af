/**
 * POST /api/client/payments on the built app next to a bare Fastify + `pg` route doing one INSERT of a
 * payment row (bare-payments-server.ts), on one embedded PostgreSQL, in one run: same connections,
 * same duration, a warm-up first, rounds alternating who goes first. Every request is a new payment
 * (own Idempotency-Key, own order). Any error or non-2xx answer fails the run. Staging: the sandbox
 * gateway serves it, so creating payments is allowed. Run `npm run build` first.
 *
 *   npm run bench:payments-create
 *   CONNECTIONS=20 DURATION=20 ROUNDS=5 npm run bench:payments-create
 *   SWEEP_CONNECTIONS=50,100,200 npm run bench:payments-create
 *
 * The target is read at CONNECTIONS, where the app's rate is bound by each create's latency (it waits
 * for its read models) and the bare route's by the CPU. The sweep then runs each side once more at
 * each of SWEEP_CONNECTIONS, and compares each side's best rate: the ratio when latency is no limit.
 * A third side, the app's floor (the same key on a route that answers a constant), shows what the
 * app's HTTP stack and key authentication cost before any payment work: a ceiling for the ratio.
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DatabasePool } from '@tallyline/backend/platform/database/database-pool';
import { startEmbeddedPostgres } from '@tallyline/backend/platform/database/embedded-postgres';
import { cpuSnapshot, cpuSpent } from './cpu-time.js';
import { load, signUpMerchant, startApp, startServer, summarize, type Server } from './http-load.js';
import { newHistogram, QUICK, report, serverVersion, sized } from './results.js';

const CONNECTIONS = sized('CONNECTIONS', 10, 10);
const DURATION = sized('DURATION', 10, 2); // seconds per round and side
const ROUNDS = sized('ROUNDS', 3, 1);
const WARMUP = sized('WARMUP', 3, 1); // seconds per side, not measured
const TARGET = 0.4; // app ÷ bare, requests per second
const HALF_RATE_P99_TARGET = 20; // ms, the app at half the rate it reached flat out
const SWEEP = (process.env.SWEEP_CONNECTIONS ?? (QUICK ? '20' : '50,200')).split(',').map(Number).filter((n) => n > 0);

let order = 0;
/** A new payment each time: its own order, customer, amount and Idempotency-Key. */
function paymentRequest(path: string, key: string) {
  const n = ++order;
  const body = {
    amount: 100 + (n % 99_900),
    currency: n % 3 === 0 ? 'EUR' : 'GBP',
    customerEmail: `customer-${n}@bench.example`,
    customerName: `Customer ${n}`,
    orderId: `order-${n}`,
    paymentMethod: 'credit_card',
    environment: 'staging',
    description: 'Benchmark payment',
  };
  return {
    path,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  };
}

/** An authenticated request that writes nothing: what the app's stack costs before any payment work. */
function floorRequest(path: string, key: string) {
  return { path, method: 'GET' as const, headers: { authorization: `Bearer ${key}` } };
}

interface Side {
  name: string;
  server: Server;
  path: string;
  /** Where its rows land; none for the floor, which writes nothing. */
  table?: string;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'tallyline-bench-'));
  await chmod(dir, 0o755);
  const database = await withStatementStats(dir);
  const servers: Server[] = [];
  try {
    const app = await startApp(database.url);
    servers.push(app);
    const { stagingKey } = await signUpMerchant(app.url, `bench-${randomUUID()}@bench.example`, 'Bench Shop Ltd');
    const bare = await startServer('bench/dist/bare-payments-server.js', { DATABASE_URL: database.url }, '/health');
    servers.push(bare);
    const sides: Side[] = [
      { name: 'bare Fastify + pg INSERT', server: bare, path: '/payments', table: 'bare_payments' },
      { name: 'app POST /api/client/payments', server: app, path: '/api/client/payments', table: 'payments' },
      // The app's floor: the same key's request through the same stack (Nest, auth, logging) to a route
      // that answers a constant. No create can beat it; how far it is below the bare route is not the
      // payment path's doing.
      { name: `app's floor: GET /api/client/currencies (key auth, no write)`, server: app, path: '/api/client/currencies' },
    ];
    // Commits PostgreSQL counted while one side ran: what each request costs the database (approximate:
    // backends report their counts about once a second).
    const db = new DatabasePool({ connectionString: database.url, max: 1 });
    const commits = async () => Number((await db.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.n); // one row per database
    const committed = new Map<Side, number>();
    // Statements PostgreSQL ran while one side ran (pg_stat_statements), processors' included: the
    // per-request cost that commits alone hide (one commit can carry many statements).
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const statements = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `SELECT coalesce(sum(calls), 0)::text AS n FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          )
        ).rows[0]!.n, // an aggregate answers one row
      );
    const stated = new Map<Side, number>();
    // CPU each process spent while one side ran: the server's, PostgreSQL's (every backend), the load generator's.
    const cpu = new Map<Side, Map<string, number>>();
    const processes = (side: Side) => (pid: number, command: string) =>
      pid === side.server.pid ? 'server' : pid === process.pid ? 'load' : command.startsWith('postgres ') ? 'database' : undefined;
    const run = (side: Side, seconds: number) =>
      load({ url: side.server.url, next: () => (side.table ? paymentRequest(side.path, stagingKey) : floorRequest(side.path, stagingKey)), connections: CONNECTIONS, seconds });

    console.log(`Payment creation: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per side, alternating, after ${WARMUP} s of warm-up each.\n`);
    for (const side of sides) await run(side, WARMUP);
    const rounds = new Map(sides.map((side) => [side, [] as Awaited<ReturnType<typeof run>>[]]));
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate who goes first so neither side always gets the warmer cache or the quieter machine.
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const before = await commits();
        const statementsBefore = await statements();
        const cpuBefore = cpuSnapshot(processes(side));
        const result = await run(side, DURATION);
        const spent = cpuSpent(cpuBefore, cpuSnapshot(processes(side)));
        const total = cpu.get(side) ?? new Map<string, number>();
        for (const [group, ms] of spent) total.set(group, (total.get(group) ?? 0) + ms);
        cpu.set(side, total);
        committed.set(side, (committed.get(side) ?? 0) + (await commits()) - before);
        // Our own two statements (this count and the commits query) are in the difference: negligible.
        stated.set(side, (stated.get(side) ?? 0) + (await statements()) - statementsBefore);
        rounds.get(side)!.push(result); // every side has its list
        console.log(`  round ${round + 1}/${ROUNDS} ${side.name}: ${result['req/s']} req/s, p99 ${result['p99 ms']} ms, errors ${result.errors}, non-2xx ${result.non2xx}`);
      }
    }

    const rows = [];
    const histograms: Record<string, ReturnType<typeof newHistogram>> = {};
    for (const side of sides) {
      const results = rounds.get(side)!;
      const histogram = newHistogram();
      for (const r of results) histogram.add(r.histogram);
      const recorded = side.table ? Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${side.table}`)).rows[0]!.n) : 0; // an aggregate answers one row
      const summary = summarize(histogram, results.reduce((sum, r) => sum + r.seconds, 0));
      histograms[side.name] = histogram;
      rows.push({
        side: side.name,
        ...summary,
        errors: results.reduce((sum, r) => sum + r.errors, 0),
        non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
        'rows recorded': recorded,
        '≈ commits/req': Number(((committed.get(side) ?? 0) / summary.requests).toFixed(1)),
        'statements/req': Number(((stated.get(side) ?? 0) / summary.requests).toFixed(1)),
        ...cpuPerRequest(cpu.get(side), summary.requests),
      });
    }
    // What the statements were (both sides and the warm-up): where a request's cost goes.
    const top = await db.query<{ calls: string; ms: string; query: string }>(
      // Planning is not counted: tracking it (track_planning) contends on every statement, slowing both sides.
      `SELECT calls::text, round(total_exec_time::numeric)::text AS ms, query FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY pg_stat_statements.calls DESC LIMIT 30`,
    );
    console.log('Most frequent statements (calls, ms running them in all):');
    for (const row of top.rows) console.log(`  ${row.calls.padStart(7)} ${row.ms.padStart(7)} ms  ${row.query.replace(/\s+/g, ' ').slice(0, 150)}`);
    const postgres = await serverVersion(db);
    await db.end();
    const [bareRow, appRow, floorRow] = rows as [(typeof rows)[number], (typeof rows)[number], (typeof rows)[number]]; // one row per side, three sides
    const ratio = appRow['req/s'] / bareRow['req/s'];
    // Each side's best rate over more connections: enough requests in flight to cover the app's wait.
    const best = new Map<Side, { connections: number; 'req/s': number }>();
    const compared = sides.slice(0, 2); // bare and app; the floor is read at CONNECTIONS only
    for (const [i, side] of compared.entries()) best.set(side, { connections: CONNECTIONS, 'req/s': rows[i]!['req/s'] }); // a row per side
    const sweep = [];
    for (const connections of SWEEP) {
      for (const side of compared) {
        const result = await load({ url: side.server.url, next: () => paymentRequest(side.path, stagingKey), connections, seconds: DURATION });
        console.log(`  sweep ${connections} connections, ${side.name}: ${result['req/s']} req/s, p99 ${result['p99 ms']} ms, errors ${result.errors}, non-2xx ${result.non2xx}`);
        const { histogram: _histogram, kinds: _kinds, ...row } = result;
        sweep.push({ side: `${side.name}, ${connections} connections`, ...row });
        if (result['req/s'] > best.get(side)!['req/s']) best.set(side, { connections, 'req/s': result['req/s'] }); // every side is in the map
      }
    }
    const bestRatio = best.get(sides[1]!)!['req/s'] / best.get(sides[0]!)!['req/s']; // two sides, both in the map
    const bestVerdict = {
      side: `app ÷ bare, each at its best (${compared.map((side) => `${best.get(side)!['req/s']} req/s at ${best.get(side)!.connections}`).join(' vs ')})`,
      ratio: Number(bestRatio.toFixed(2)),
      target: `>= ${TARGET}`,
      met: bestRatio >= TARGET ? 'yes' : 'NO',
    };
    // Latency where the app is not saturated: a fixed rate of half what it reached flat out.
    const halfRate = Math.max(1, Math.round(appRow['req/s'] / 2));
    console.log(`  app at half its rate (${halfRate} req/s) for ${DURATION} s...`);
    const half = await load({ url: app.url, next: () => paymentRequest('/api/client/payments', stagingKey), connections: CONNECTIONS, seconds: DURATION, rate: halfRate });
    histograms[`app at ${halfRate} req/s (half)`] = half.histogram;
    const halfRow = {
      side: `app at half its rate (${halfRate} req/s)`,
      ...summarize(half.histogram, half.seconds),
      errors: half.errors,
      non2xx: half.non2xx,
      target: `p99 < ${HALF_RATE_P99_TARGET} ms`,
      met: half['p99 ms'] < HALF_RATE_P99_TARGET ? 'yes' : 'NO',
    };
    const failed = [...rows, ...sweep, halfRow].some((row) => row.errors > 0 || row.non2xx > 0);
    const verdict = { side: 'app ÷ bare (req/s)', ratio: Number(ratio.toFixed(2)), target: `>= ${TARGET}`, met: ratio >= TARGET ? 'yes' : 'NO' };
    const floorRatio = floorRow['req/s'] / bareRow['req/s'];
    const floorVerdict = { side: `app's floor ÷ bare (req/s): a create does all this and more`, ratio: Number(floorRatio.toFixed(2)) };
    // The same comparison in CPU per request, which steal time and neighbours move far less than a rate:
    // where each side keeps the shared machine busy, the rate ratio follows the CPU ratio.
    const cpuVerdicts = [
      { side: 'CPU per request, bare ÷ app (server + PostgreSQL + load generator)', ratio: cpuRatio(bareRow['CPU ms/req'], appRow['CPU ms/req']), target: `>= ${TARGET}` },
      {
        side: "CPU per request, bare's every process ÷ the app's PostgreSQL alone: the ratio if the app's own process cost nothing",
        ratio: cpuRatio(bareRow['CPU ms/req'], appRow['database CPU ms/req']),
        target: `>= ${TARGET}`,
      },
    ].map((row) => ({ ...row, met: row.ratio === undefined ? 'unmeasured' : row.ratio >= TARGET ? 'yes' : 'NO' }));
    await report('payments-create', {
      conditions: { connections: CONNECTIONS, sweepConnections: SWEEP, roundSeconds: DURATION, rounds: ROUNDS, warmupSeconds: WARMUP, postgres },
      rows: [...rows, halfRow, verdict, floorVerdict, ...cpuVerdicts, ...sweep, bestVerdict],
      histograms,
    });
    console.log(
      `\nRate ratio app ÷ bare: ${ratio.toFixed(2)} (target ≥ ${TARGET}: ${ratio >= TARGET ? 'met' : 'NOT met'}); each at its best: ${bestRatio.toFixed(2)}; the app's floor (no write) ÷ bare: ${floorRatio.toFixed(2)}.`,
    );
    if (failed) throw new Error('Some requests failed (errors or non-2xx answers): the run does not count.');
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** A side's CPU per request by process (ms), from what cpu-time.ts measured over its rounds; nothing where /proc is not. */
function cpuPerRequest(spent: Map<string, number> | undefined, requests: number) {
  const per = (group: string) => (spent?.has(group) ? Number((spent.get(group)! / requests).toFixed(3)) : undefined); // has() checked
  const parts = { 'server CPU ms/req': per('server'), 'database CPU ms/req': per('database'), 'load CPU ms/req': per('load') };
  const all = Object.values(parts);
  return { ...parts, 'CPU ms/req': all.every((ms) => ms !== undefined) ? Number(all.reduce((sum, ms) => sum + ms, 0).toFixed(3)) : undefined };
}

function cpuRatio(bare: number | undefined, app: number | undefined): number | undefined {
  return bare !== undefined && app ? Number((bare / app).toFixed(2)) : undefined;
}

/** pg_stat_statements must be preloaded: the fresh server is started once more with it. */
async function withStatementStats(dir: string) {
  let database = await startEmbeddedPostgres(dir, { database: 'bench' });
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
  await admin.end();
  await database.stop();
  database = await startEmbeddedPostgres(dir, { database: 'bench' });
  return database;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
