/**
 * GET /api/transactions and GET /api/merchants/stats at a fixed request rate on a merchant with
 * PAYMENTS payments (default 1,000,000) in its current environment, plus payments in its other
 * environment and of two other merchants, so scoping matters. Reported: p50/p95/p99 overall and per
 * kind of request; targets list p99 < 25 ms, stats p99 < 15 ms at 500 req/s. Run `npm run build` first.
 *
 * Loading, once: the merchants sign up through the API; their payments are written as events straight
 * into the event store (payment-events.ts), then `npm run replay` builds every read model. The data dir
 * (.data/bench-payments, BENCH_PAYMENTS_DIR) is kept: later runs only measure.
 *
 *   npm run bench:transactions-list                   (load if needed, then measure)
 *   npm run bench:transactions-list -- --reload       (drop the data and load again)
 *   npm run bench:transactions-list -- --rebuild      (keep the events, rebuild every read model)
 *   npm run bench:transactions-list -- --rebuild=payments,payment-stats   (only these)
 *   npm run bench:transactions-list -- --load-only    (load if needed, measure another time)
 *   PAYMENTS=100000 RATE=200 DURATION=10 npm run bench:transactions-list
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { DatabasePool } from '@tallyline/backend/platform/database/database-pool';
import { startEmbeddedPostgres } from '@tallyline/backend/platform/database/embedded-postgres';
import { ProcessorRunner } from '@tallyline/backend/platform/projections/processor-runner';
import { OUTCOME_OF, REQUEST_TYPE } from '@tallyline/backend/sandbox-gateway/protocol';
import { BENCH_PASSWORD, call, load, signUpMerchant, startApp, summarize, type LoadResult } from './http-load.js';
import { customerOf, writePayments, type PaymentSeries } from './payment-events.js';
import { QUICK, report, serverVersion, sized } from './results.js';
import { openBench, seconds } from './support.js';

const DIR = process.env.BENCH_PAYMENTS_DIR ?? (QUICK ? '.data/bench-payments-quick' : '.data/bench-payments');
const PAYMENTS = sized('PAYMENTS', 1_000_000, 1_000);
const RATE = sized('RATE', 500, 100); // requests per second
const DURATION = sized('DURATION', 30, 2); // seconds per endpoint
const WARMUP = sized('WARMUP', 5, 1); // seconds per endpoint at RATE, not measured
const CONNECTIONS = sized('CONNECTIONS', 32, 8);
const TARGETS = { list: 25, stats: 15 }; // p99 ms
const MARKER = join(DIR, 'bench-payments.json');
/** Pages fetched before measuring to collect cursors at every depth (each one a request). */
const CURSOR_SAMPLES = QUICK ? 4 : 40;

interface Loaded {
  payments: number;
  owner: { email: string; merchantId: string };
  /** The migrations the read models were built under: a new one means a rebuild. */
  migrations: string[];
}

const spawnNode = (args: string[], env: Record<string, string>) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });

/** The product's own replay (`npm run replay`), with its progress bar: every read model, or the named ones. */
const replay = (url: string, names: string[] = []) => spawnNode(['backend/dist/cli/replay.js', ...names], { DATABASE_URL: url });

const migrationsOf = async (pool: pg.Pool) => (await pool.query<{ name: string }>('SELECT name FROM migrations ORDER BY id')).rows.map((r) => r.name);

async function loadPayments(url: string): Promise<Loaded> {
  const started = performance.now();
  const app = await startApp(url);
  let owner;
  let others;
  try {
    owner = await signUpMerchant(app.url, 'owner@bench-payments.example', 'Bench Payments Ltd');
    others = [await signUpMerchant(app.url, 'other-1@bench-payments.example', 'Other One Ltd'), await signUpMerchant(app.url, 'other-2@bench-payments.example', 'Other Two Ltd')];
  } finally {
    await app.stop();
  }
  // The payments measured are in the owner's current environment (the one it registered in); its other
  // environment and the other merchants' payments sit in the same table and indexes.
  const current = owner.merchant.environment;
  const series: PaymentSeries[] = [
    { merchantId: owner.merchant.id, environment: current, count: PAYMENTS },
    { merchantId: owner.merchant.id, environment: current === 'staging' ? 'production' : 'staging', count: Math.ceil(PAYMENTS / 20) },
    ...others.map(({ merchant }) => ({ merchantId: merchant.id, environment: merchant.environment, count: Math.ceil(PAYMENTS / 40) })),
  ];
  const total = series.reduce((sum, s) => sum + s.count, 0);
  console.log(`Writing ${total} payments as events (${PAYMENTS} for the measured merchant's current environment)...`);
  // A bulk load: its sessions skip waiting for the WAL flush at commit.
  const pool = new DatabasePool({ connectionString: url, max: 2, options: '-c synchronous_commit=off' });
  try {
    let shown = 0;
    const events = await writePayments(pool, series, (payments, events) => {
      if (payments - shown < 50_000 && payments < total) return;
      shown = payments;
      console.log(`  ${payments}/${total} payments, ${events} events, ${Math.round(events / seconds(started))} events/s`);
    });
    console.log(`Wrote ${events} events in ${seconds(started).toFixed(0)} s. Building the read models with \`npm run replay\`...`);
    await replay(url);
    console.log(`Loaded in ${seconds(started).toFixed(0)} s.`);
    return { payments: PAYMENTS, owner: { email: owner.user.email, merchantId: owner.merchant.id }, migrations: await migrationsOf(pool) };
  } finally {
    await pool.end();
  }
}

/**
 * The payments are written as events, past the sandbox gateway, so it holds no record of the 3-D Secure
 * challenges still waiting for their payer, and the app's reconciliation (a pass at boot and every minute)
 * would find each "never received" and record it failed: 100 commands a pass, with every projection
 * handling them, while the reads are measured. The gateway would have those records: they are written as
 * it writes them (pending, result 7), so reconciliation asks about them and, as in production, records
 * nothing while the payer has not answered. Each run opens their challenge windows anew (the gateway
 * declines one left 10 minutes): the run measures reads beside challenges that wait, not a stream of expiries.
 */
async function recordAwaitedChallenges(pool: pg.Pool): Promise<void> {
  const challenge = OUTCOME_OF.three_d_secure;
  const { rowCount } = await pool.query(
    `INSERT INTO sandbox_gateway_transactions (id, reference, request_type, amount_minor, currency, status, result_code, result_message)
     SELECT p.gateway_transaction_id, c.reference, $1, p.amount_minor, p.currency, $2, $3, $4
       FROM gateway_calls c JOIN payments p ON p.id = c.payment_id
      WHERE c.kind = 'attempt' AND c.state = 'requires_action' AND p.gateway_transaction_id IS NOT NULL
     ON CONFLICT (reference) DO UPDATE SET created_at = now() WHERE sandbox_gateway_transactions.status = 'pending'`,
    [REQUEST_TYPE.sale, challenge.status, challenge.code, challenge.message],
  );
  if (rowCount) console.log(`Recorded ${rowCount} 3-D Secure challenges awaiting their payer in the sandbox gateway, as it would have them, their windows open.`);
}

/**
 * As on a system that ran all along: projections new since the load are built, reactors start at the
 * head (they would otherwise send a million e-mails and webhooks while we measure), and the sandbox
 * gateway holds the 3-D Secure challenges still waiting (recordAwaitedChallenges).
 */
async function prepare(url: string, loaded: Loaded, rebuild: string[] | undefined): Promise<void> {
  const pool = new DatabasePool({ connectionString: url, max: 1 });
  try {
    // Runs new migrations, as the app would; an index built over a million payments takes longer than
    // the app's 60 s statement timeout, so the timeout is lifted for this step.
    const bench = await openBench({ DATABASE_URL: url, DB_STATEMENT_TIMEOUT_MS: '3600000' });
    let behind: string[];
    try {
      const head = (await pool.query<{ head: string }>('SELECT coalesce(max(global_position), 0)::text AS head FROM events')).rows[0]!.head; // an aggregate answers one row
      const runner = bench.app.get(ProcessorRunner);
      const projections = runner.projections.map((p) => p.name);
      for (const name of runner.names.filter((n) => !projections.includes(n))) {
        await pool.query(
          `INSERT INTO processor_checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = GREATEST(processor_checkpoints.position, EXCLUDED.position)`,
          [name, head],
        );
      }
      const current = (await pool.query<{ name: string }>('SELECT name FROM processor_checkpoints WHERE position >= $1', [head])).rows.map((r) => r.name);
      behind = projections.filter((name) => !current.includes(name));
    } finally {
      await bench.close();
    }
    const migrations = await migrationsOf(pool);
    if (rebuild) {
      console.log(`Rebuilding ${rebuild.length ? rebuild.join(', ') : 'every read model'} (--rebuild)...`);
      await replay(url, rebuild);
    } else if (behind.length) {
      console.log(`Building ${behind.join(', ')} (new since the load)...`);
      await replay(url, behind);
    }
    await recordAwaitedChallenges(pool);
    const added = migrations.filter((name) => !loaded.migrations.includes(name));
    if (added.length && !rebuild) {
      // Index-only migrations need nothing more; a changed projection does (`--rebuild=<its name>`).
      console.log(`Migrations since the read models were built: ${added.join(', ')}. If one changes what a projection writes, run with --rebuild=<projection>.`);
    } else {
      await writeFile(MARKER, JSON.stringify({ ...loaded, migrations }, null, 2));
    }
  } finally {
    await pool.end();
  }
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!; // a non-empty list
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * The dashboard's transactions tab as merchants use it, by weight: first pages, later pages (cursors
 * at every depth), status / method / period / custom dates / amount filters, and `q` searches for an
 * e-mail, a name or an id fragment. Returns the request maker.
 */
async function transactionsMix(url: string, token: string, pool: pg.Pool, merchantId: string) {
  const get = (query: string) => call<{ nextCursor: string | null }>(`${url}/api/transactions?${query}`, 'GET', undefined, token);
  // Cursors from every depth: a page ending before a random day, then two more pages from there.
  const cursors: string[] = [];
  for (let i = 0; i < CURSOR_SAMPLES; i++) {
    let page = await get(`limit=20&to=${day(Date.now() - Math.random() * 360 * DAY_MS)}`);
    for (let j = 0; j < 3 && page.nextCursor; j++) {
      cursors.push(page.nextCursor);
      page = await get(`limit=20&cursor=${encodeURIComponent(page.nextCursor)}`);
    }
  }
  const failedCursors: string[] = [];
  let failed = await get('limit=20&status=failed');
  for (let j = 0; j < CURSOR_SAMPLES / 2 && failed.nextCursor; j++) {
    failedCursors.push(failed.nextCursor);
    failed = await get(`limit=20&status=failed&cursor=${encodeURIComponent(failed.nextCursor)}`);
  }
  if (!cursors.length || !failedCursors.length) throw new Error('The merchant has too few payments to page through');
  // Real payments of the merchant to search for (ids are random, so read a few from the table).
  const ids = (await pool.query<{ id: string }>(`SELECT id FROM payments WHERE merchant_id = $1 AND environment = (SELECT environment FROM merchants WHERE id = $1) ORDER BY random() LIMIT 500`, [merchantId])).rows.map((r) => r.id);
  const customers = Array.from({ length: 500 }, () => customerOf(Math.floor(Math.random() * PAYMENTS)));
  const statuses = ['completed', 'failed', 'refunded', 'pending', 'requires_action'];
  const methods = ['credit_card', 'bank_transfer', 'digital_wallet'];
  const mix: [weight: number, kind: string, query: () => string][] = [
    [30, 'first page', () => 'limit=20'],
    [18, 'later page', () => `limit=20&cursor=${encodeURIComponent(pick(cursors))}`],
    [8, 'status', () => `limit=20&status=${pick(statuses)}`],
    [4, 'status, later page', () => `limit=20&status=failed&cursor=${encodeURIComponent(pick(failedCursors))}`],
    [6, 'payment method', () => `limit=20&paymentMethod=${pick(methods)}`],
    [8, 'period 7/30/90 days', () => `limit=20&period=${pick(['7d', '30d', '90d'])}${Math.random() < 0.5 ? `&status=${pick(statuses)}` : ''}`],
    [4, 'custom dates', () => {
      const from = Date.now() - Math.random() * 330 * DAY_MS;
      return `limit=20&from=${day(from)}&to=${day(from + 30 * DAY_MS)}`;
    }],
    [4, 'amount range + currency', () => `limit=20&minAmount=5000&maxAmount=20000&currency=${pick(['GBP', 'EUR', 'USD'])}`],
    [7, 'q: e-mail', () => `limit=20&q=${encodeURIComponent(pick(customers).email)}`],
    [6, 'q: name', () => `limit=20&q=${encodeURIComponent(pick(customers).name)}`],
    [5, 'q: id fragment', () => `limit=20&q=${pick(ids).slice(0, 8)}`],
  ];
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);
  // Every kind answers before the clock starts.
  for (const [, , query] of mix) await get(query());
  return () => {
    let roll = Math.random() * total;
    const [, kind, query] = mix.find(([weight]) => (roll -= weight) < 0) ?? mix[0]!; // the weights cover the roll
    return { kind, path: `/api/transactions?${query()}`, headers: { authorization: `Bearer ${token}` } };
  };
}

/**
 * pg_stat_statements sees every statement the app sends while we measure; it must be preloaded, so the
 * server is started once more with it when the setting is new.
 */
async function withStatementStats(dir: string) {
  let database = await startEmbeddedPostgres(dir, { database: 'bench' });
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const preloaded = (await admin.query<{ setting: string }>(`SELECT setting FROM pg_settings WHERE name = 'shared_preload_libraries'`)).rows[0]?.setting ?? '';
  if (!preloaded.includes('pg_stat_statements')) {
    await admin.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
    await admin.end();
    await database.stop();
    database = await startEmbeddedPostgres(dir, { database: 'bench' });
  } else await admin.end();
  return database;
}

/**
 * Statements with COUNT( that the app ran since the last reset (ours, reading these, excluded), and how
 * many statements were seen in all (so a check that saw nothing cannot pass).
 */
async function countStatements(pool: pg.Pool) {
  const { rows } = await pool.query<{ query: string; calls: string; counted: boolean }>(
    `SELECT query, calls::text, query ~* 'count\\s*\\(' AS counted FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query !~* 'pg_stat_statements'`,
  );
  return { counts: rows.filter((r) => r.counted), seen: rows.reduce((sum, r) => sum + Number(r.calls), 0) };
}

async function main(): Promise<void> {
  const flags = new Set(process.argv.slice(2).map((arg) => arg.split('=')[0]));
  const rebuildArg = process.argv.slice(2).find((arg) => arg.startsWith('--rebuild'));
  const rebuild = rebuildArg === undefined ? undefined : (rebuildArg.split('=')[1] ?? '').split(',').filter(Boolean);
  let loaded = existsSync(MARKER) ? (JSON.parse(await readFile(MARKER, 'utf8')) as Loaded) : undefined;
  if (flags.has('--reload') || (loaded && loaded.payments !== PAYMENTS)) {
    console.log(`Dropping ${DIR} (${flags.has('--reload') ? '--reload' : `it holds ${loaded?.payments} payments, PAYMENTS=${PAYMENTS}`})...`);
    await rm(DIR, { recursive: true, force: true });
    loaded = undefined;
  }
  await mkdir(DIR, { recursive: true });
  const database = await withStatementStats(DIR);
  const pool = new DatabasePool({ connectionString: database.url, max: 1 });
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  try {
    if (loaded) console.log(`Using the ${loaded.payments} payments loaded in ${DIR} (--reload to load again).`);
    else await writeFile(MARKER, JSON.stringify((loaded = await loadPayments(database.url)), null, 2));
    await prepare(database.url, loaded, rebuild);
    if (flags.has('--load-only')) return;

    const app = await startApp(database.url);
    try {
      const { token } = await call<{ token: string }>(`${app.url}/api/auth/login`, 'POST', { email: loaded.owner.email, password: BENCH_PASSWORD });
      // Measured once it is in this build; until then the run says so and measures the rest.
      const listed = (await fetch(`${app.url}/api/transactions`, { headers: { authorization: `Bearer ${token}` } })).status !== 404;
      const list = listed ? await transactionsMix(app.url, token, pool, loaded.owner.merchantId) : undefined;
      const stats = () => ({ kind: 'stats', path: '/api/merchants/stats', headers: { authorization: `Bearer ${token}` } });
      await pool.query('SELECT pg_stat_statements_reset()');
      console.log(`\nMeasuring at ${RATE} req/s, ${CONNECTIONS} connections, ${DURATION} s per endpoint after ${WARMUP} s of warm-up.`);
      const measure = async (name: string, next: typeof stats) => {
        await load({ url: app.url, next, connections: CONNECTIONS, seconds: WARMUP, rate: RATE });
        const result = await load({ url: app.url, next, connections: CONNECTIONS, seconds: DURATION, rate: RATE });
        console.log(`  ${name}: ${result['req/s']} req/s, p99 ${result['p99 ms']} ms, errors ${result.errors}, non-2xx ${result.non2xx}`);
        return result;
      };
      if (!list) console.log('  GET /api/transactions: not in this build (404), not measured.');
      const results = { list: list && (await measure('GET /api/transactions', list)), stats: await measure('GET /api/merchants/stats', stats) };
      const row = (endpoint: string, result: LoadResult, target: number) => ({
        endpoint,
        ...summarize(result.histogram, result.seconds),
        errors: result.errors,
        non2xx: result.non2xx,
        target: `p99 < ${target} ms`,
        met: result['p99 ms'] < target ? 'yes' : 'NO',
      });
      const listSeconds = results.list?.seconds ?? 0;
      const listRows = results.list
        ? [row('GET /api/transactions', results.list, TARGETS.list), ...[...results.list.kinds].map(([kind, histogram]) => ({ endpoint: `  ${kind}`, ...summarize(histogram, listSeconds) }))]
        : [{ endpoint: 'GET /api/transactions', met: 'not measured: not in this build' }];
      const { counts, seen } = await countStatements(pool);
      const countRow = {
        endpoint: `COUNT(*) statements while measuring (pg_stat_statements, of ${seen} statements)`,
        requests: counts.reduce((sum, c) => sum + Number(c.calls), 0),
        target: 'none',
        met: counts.length === 0 && seen > 0 ? 'yes' : 'NO',
      };
      await report('transactions-list', {
        conditions: { payments: loaded.payments, rate: RATE, connections: CONNECTIONS, seconds: DURATION, warmupSeconds: WARMUP, postgres: await serverVersion(pool) },
        rows: [...listRows, row('GET /api/merchants/stats', results.stats, TARGETS.stats), countRow],
        histograms: { ...(results.list ? { 'GET /api/transactions': results.list.histogram } : {}), 'GET /api/merchants/stats': results.stats.histogram },
        notes: counts.map((c) => `COUNT statement run ${c.calls} times while measuring: ${c.query.replace(/\s+/g, ' ').slice(0, 300)}`),
      });
      if ([results.list, results.stats].some((r) => r && (r.errors > 0 || r.non2xx > 0))) throw new Error('Some requests failed (errors or non-2xx answers): the run does not count.');
    } finally {
      await app.stop();
    }
  } finally {
    await pool.end();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
