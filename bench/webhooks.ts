/**
 * Outbound webhooks (issue 14) on the built app, an embedded PostgreSQL in a temporary directory and a
 * local receiver (webhook-sink.ts). Merchants sign up through the API and each registers a few
 * endpoints.
 *
 * a) throughput of the delivery worker: the outbox is kept BACKLOG deliveries ahead of the receiver
 *    (rows queued as the reactor writes them), every endpoint answers at once; deliveries/s over
 *    DURATION s after WARMUP s.
 * b) the whole path at RATE events/s (open loop): `PaymentCreated` appended to the event store from
 *    this process (as the app's commands do), then the app's outbox reactor and worker; from the
 *    append's commit to the first attempt's arrival, split into reactor and worker from the outbox rows.
 * c) as a), with 10% of the endpoints never answering: the healthy endpoints' deliveries/s next to a)
 *    (rounds in the order a c, c a, a c…), over all rounds and round by round.
 * The app is then stopped with those attempts hanging: how long its shutdown took.
 *
 *   npm run build && npm run bench:webhooks
 *   npm run bench:webhooks -- --quick          # small sizes, well under a minute
 *   MERCHANTS=200 DURATION=30 npm run bench:webhooks
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { DatabasePool } from '@tallyline/backend/platform/database/database-pool';
import type { WebhookEndpoint } from '@tallyline/contracts';
import { startEmbeddedPostgres } from '@tallyline/backend/platform/database/embedded-postgres';
import type { EventStore } from '@tallyline/backend/platform/event-store/event-store.port';
import { PostgresEventStore } from '@tallyline/backend/platform/event-store/postgres/postgres-event-store';
import { call, newHistogram, report, signUpMerchant, startServer, type Server } from './http-load.js';
import { WebhookSink } from './webhook-sink.js';

const QUICK = process.argv.includes('--quick');
const setting = (name: string, full: number, quick: number) => Number(process.env[name] ?? (QUICK ? quick : full));
const MERCHANTS = setting('MERCHANTS', 100, 12);
const ENDPOINTS_PER_MERCHANT = setting('ENDPOINTS', 3, 3);
const DURATION = setting('DURATION', 60, 2); // seconds measured in a) and c)
const WARMUP = setting('WARMUP', 5, 1);
const RATE = setting('RATE', 200, 200); // events per second in b)
const LATENCY_SECONDS = setting('LATENCY_SECONDS', 30, 2);
/** a) and c) alternate this many times. */
const ROUNDS = setting('ROUNDS', 3, 1);
/** Deliveries the log is kept ahead of the receiver by in a) and c): the worker never runs dry. */
const BACKLOG = setting('BACKLOG', 5_000, 1_000);
const HANGING_SHARE = 0.1;
/** The app's WEBHOOK_CONCURRENCY (its default), and the bare client's. */
const CONCURRENCY = setting('CONCURRENCY', 32, 32);
/** How long the deliveries still due after a phase may take to arrive before the run says they did not. */
const DRAIN_SECONDS = setting('DRAIN_SECONDS', 120, 60);
const TARGETS = { deliveriesPerSecond: 1_000, p99Ms: 250, hangingDrop: 0.1 };

interface BenchMerchant {
  id: string;
  endpoints: { id: string; path: string }[];
  /** Endpoints that answer (all but the hanging ones). */
  healthy: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A payment created by a merchant's integration: one `PaymentCreated`, one webhook per endpoint. */
async function appendPayment(store: EventStore, merchant: BenchMerchant): Promise<{ paymentId: string; committedAt: number }> {
  const paymentId = randomUUID();
  const data = {
    paymentId,
    merchantId: merchant.id,
    environment: 'staging',
    amountMinor: 1000 + Math.floor(Math.random() * 90_000),
    currency: 'GBP',
    customerEmail: `customer-${paymentId.slice(0, 8)}@bench.example`,
    customerName: 'Bench Customer',
    orderId: `order-${paymentId.slice(0, 8)}`,
    paymentMethod: 'credit_card',
    description: null,
    returnUrl: null,
    customerCountry: null,
    idempotencyKey: null,
    createdAt: new Date().toISOString(),
  };
  const metadata = { actor: { type: 'api_key' as const, id: merchant.id }, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 };
  await store.append(`payment-${paymentId}`, [{ type: 'PaymentCreated', data, metadata }], 'no_stream');
  return { paymentId, committedAt: performance.now() };
}

/** Merchants as customers make them: sign up through the API, then register endpoints on the sink with the staging key. */
async function setUpMerchants(appUrl: string, sink: WebhookSink): Promise<BenchMerchant[]> {
  const merchants: BenchMerchant[] = [];
  const setUp = async (m: number) => {
    const { merchant, stagingKey } = await signUpMerchant(appUrl, `bench-${m}-${randomUUID()}@bench.example`, `Bench Shop ${m} Ltd`);
    const endpoints = [];
    for (let e = 0; e < ENDPOINTS_PER_MERCHANT; e++) {
      const path = `/merchant-${m}/endpoint-${e}`;
      const created = await call<WebhookEndpoint>(`${appUrl}/api/webhook-endpoints`, 'POST', { url: sink.url(path), eventTypes: ['payment.created'] }, stagingKey);
      endpoints.push({ id: created.id, path });
    }
    merchants[m] = { id: merchant.id, endpoints, healthy: endpoints.length };
  };
  // A few sign-ups at a time: each hashes a password (argon2), which is most of the setup's time.
  for (let m = 0; m < MERCHANTS; m += 8) await Promise.all(Array.from({ length: Math.min(8, MERCHANTS - m) }, (_, i) => setUp(m + i)));
  return merchants;
}

/**
 * Queues `perEndpoint` deliveries of a `payment.created` for every endpoint, straight into the outbox
 * with the reactor's own kind of row: a) and c) measure the delivery worker, not the reactor.
 */
async function queueDeliveries(pool: pg.Pool, perEndpoint: number): Promise<void> {
  await pool.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, created_at)
     SELECT gen_random_uuid(), 'msg_' || substr(md5(random()::text), 1, 32), e.id, gen_random_uuid(), 'payment.created',
            jsonb_build_object('type', 'payment.created', 'transaction_id', gen_random_uuid(), 'status', 'pending', 'amount', '123.45', 'currency', 'GBP',
              'order_id', 'order-' || n, 'customer_email', 'customer-' || n || '@bench.example', 'payment_method', 'credit_card', 'environment', 'staging', 'timestamp', now()),
            'pending', 0, now(), now()
       FROM webhook_endpoints e, generate_series(1, $1) AS n`,
    [perEndpoint],
  );
}

/**
 * Keeps the outbox BACKLOG healthy deliveries ahead of the sink for WARMUP + DURATION s, counting what
 * the healthy endpoints received each second of the measured part; then waits until all have arrived.
 */
async function saturate(pool: pg.Pool, sink: WebhookSink, merchants: BenchMerchant[]) {
  const base = sink.answered;
  const endpoints = merchants.reduce((sum, merchant) => sum + merchant.endpoints.length, 0);
  const healthy = merchants.reduce((sum, merchant) => sum + merchant.healthy, 0);
  const perEndpoint = Math.max(1, Math.ceil(500 / endpoints));
  let expected = 0;
  let stop = false;
  const feeder = (async () => {
    while (!stop) {
      if (expected - (sink.answered - base) < BACKLOG) {
        await queueDeliveries(pool, perEndpoint);
        expected += perEndpoint * healthy;
      } else await sleep(10);
    }
  })();
  await sleep(WARMUP * 1000);
  const perSecond: number[] = [];
  const started = performance.now();
  let last = sink.answered;
  for (let s = 1; s <= DURATION; s++) {
    await sleep(started + s * 1000 - performance.now());
    perSecond.push(sink.answered - last);
    last = sink.answered;
  }
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await feeder;
  const complete = await drained(() => sink.answered - base >= expected);
  const deliveries = perSecond.reduce((sum, n) => sum + n, 0);
  // The slowest 5 s stretch: a rate that sags once a cache or a queue fills shows here, not in the mean.
  const windows = perSecond.slice(4).map((_, i) => perSecond.slice(i, i + 5).reduce((sum, n) => sum + n, 0) / 5);
  const result = { deliveries, seconds, rate: deliveries / seconds, slowest5s: Math.min(...(windows.length ? windows : [deliveries / seconds])), complete };
  console.log(`   ${Math.round(result.rate)} deliveries/s (slowest 5 s: ${Math.round(result.slowest5s)}/s)${complete ? '' : `; ${expected - (sink.answered - base)} had not arrived ${DRAIN_SECONDS} s later`}`);
  return result;
}

/**
 * What this machine does at the moment without the app: POSTs of the same size to the same receiver
 * from this process, CONCURRENCY at a time on kept-alive connections. The app's rates are read next
 * to it, since the machine is shared.
 */
async function bareRate(sink: WebhookSink, seconds: number): Promise<number> {
  const agent = new Agent({ keepAlive: true });
  const body = JSON.stringify({ type: 'payment.created', transaction_id: randomUUID(), status: 'pending', amount: '123.45', currency: 'GBP', order_id: 'order-1', customer_email: 'customer-1@bench.example', payment_method: 'credit_card', environment: 'staging', timestamp: new Date().toISOString() });
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(sink.url('/bare'), { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'webhook-id': 'msg_bare' } }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end(body);
    });
  const until = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await post();
        done++;
      }
    }),
  );
  agent.destroy();
  return done / seconds;
}

type Saturated = Awaited<ReturnType<typeof saturate>>;

/** Rounds together: deliveries over seconds, the slowest stretch of any, complete if all were. */
function combined(rounds: Saturated[]): Saturated & { perRound: number[] } {
  const deliveries = rounds.reduce((sum, r) => sum + r.deliveries, 0);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  return { deliveries, seconds, rate: deliveries / seconds, slowest5s: Math.min(...rounds.map((r) => r.slowest5s)), complete: rounds.every((r) => r.complete), perRound: rounds.map((r) => Math.round(r.rate)) };
}

/** Waits until `done` (every expected delivery arrived); false if that takes over DRAIN_SECONDS. */
async function drained(done: () => boolean): Promise<boolean> {
  for (const deadline = Date.now() + DRAIN_SECONDS * 1000; !done(); await sleep(50)) {
    if (Date.now() > deadline) return false;
  }
  return true;
}

/** RATE events/s for LATENCY_SECONDS, open loop; each delivery's first arrival minus its event's commit. */
async function latency(store: EventStore, pool: pg.Pool, sink: WebhookSink, merchants: BenchMerchant[]) {
  const since = new Date();
  const histogram = newHistogram();
  const committed = new Map<string, number>();
  const early = new Map<string, number[]>(); // arrived before the append's promise resolved here
  const seen = new Set<string>();
  const record = (micros: number) => histogram.recordValue(Math.max(1, Math.round(micros)));
  sink.onDelivery = (arrivedAt, webhookId, body) => {
    if (seen.has(webhookId)) return;
    seen.add(webhookId);
    const paymentId = (JSON.parse(body) as { transaction_id: string }).transaction_id;
    const at = committed.get(paymentId);
    if (at === undefined) early.set(paymentId, [...(early.get(paymentId) ?? []), arrivedAt]);
    else record((arrivedAt - at) * 1000);
  };
  const inFlight = new Set<Promise<unknown>>();
  const started = performance.now();
  let expected = 0;
  for (let i = 0; performance.now() - started < LATENCY_SECONDS * 1000; i++) {
    const merchant = merchants[i % merchants.length]!; // index modulo length
    expected += merchant.healthy;
    const append = appendPayment(store, merchant).then(({ paymentId, committedAt }) => {
      committed.set(paymentId, committedAt);
      for (const arrivedAt of early.get(paymentId) ?? []) record(Math.max(0, arrivedAt - committedAt) * 1000);
    });
    inFlight.add(append);
    void append.finally(() => inFlight.delete(append));
    await sleep(started + ((i + 1) * 1000) / RATE - performance.now());
  }
  const events = committed.size + inFlight.size;
  await Promise.all(inFlight);
  const complete = await drained(() => seen.size >= expected);
  sink.onDelivery = undefined;
  const ms = (p: number) => Math.round(histogram.getValueAtPercentile(p) / 100) / 10;
  // Where the time went, from the rows: the reactor (commit to outbox row), then the worker (row to claim).
  const { rows } = await pool.query<{ reactor: number[]; worker: number[] }>(
    `SELECT percentile_cont(ARRAY[0.5, 0.99]) WITHIN GROUP (ORDER BY extract(epoch FROM d.created_at - e.recorded_at) * 1000) AS reactor,
            percentile_cont(ARRAY[0.5, 0.99]) WITHIN GROUP (ORDER BY extract(epoch FROM d.last_attempt_at - d.created_at) * 1000) AS worker
       FROM webhook_deliveries d JOIN events e ON e.event_id = d.event_id WHERE d.created_at >= $1`,
    [since],
  );
  const [reactor = [0, 0], worker = [0, 0]] = [rows[0]?.reactor, rows[0]?.worker]; // an aggregate answers one row
  const split = (p: [number, number] | number[]) => p.map((v) => Math.round(v)).join(' / ');
  const result = { events, deliveries: histogram.totalCount, p50: ms(50), p99: ms(99), max: Math.round(histogram.maxValue / 100) / 10, complete, reactor: split(reactor), worker: split(worker) };
  console.log(`   p50 ${result.p50} ms, p99 ${result.p99} ms over ${result.deliveries} deliveries${complete ? '' : ` (${expected - seen.size} missing)`}; reactor p50/p99 ${result.reactor} ms, worker ${result.worker} ms`);
  return result;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'tallyline-bench-'));
  await chmod(dir, 0o755);
  const database = await startEmbeddedPostgres(dir, { database: 'bench' });
  const sink = new WebhookSink();
  await sink.start();
  let app: Server | undefined;
  // Interrupted (Ctrl-C, a timeout): the app and the database are this run's children, stopped with it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void Promise.allSettled([app?.stop(), database.stop()]).then(() => rm(dir, { recursive: true, force: true })).finally(() => process.exit(130)));
  }
  try {
    app = await startServer(
      'backend/dist/main.js',
      { DATABASE_URL: database.url, LOG_LEVEL: 'warn', SEED_DEMO: 'false', STAFF_EMAIL: '', JWT_SECRET: 'bench-jwt-secret-not-for-production-use', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_SECRETS_KEY: 'bench-webhook-secrets-key', WEBHOOK_CONCURRENCY: String(CONCURRENCY), SIGNUP_RATE_LIMIT: '100000' },
      '/api/health',
    );
    console.log(`Setting up ${MERCHANTS} merchants with ${ENDPOINTS_PER_MERCHANT} endpoints each...`);
    const merchants = await setUpMerchants(app.url, sink);
    // The event store alone, not the app: its append is what a command does once it has decided.
    const pool = new DatabasePool({ connectionString: database.url, max: 20 });
    const store = new PostgresEventStore(pool);
    try {
      console.log(`Reference: bare POSTs to the receiver, ${CONCURRENCY} at a time, for ${WARMUP + 5} s...`);
      const bare = await bareRate(sink, WARMUP + 5);
      console.log(`   ${Math.round(bare)} POSTs/s`);
      console.log(`b) ${RATE} events/s for ${LATENCY_SECONDS} s, commit to first attempt...`);
      const lag = await latency(store, pool, sink, merchants);
      const endpoints = merchants.flatMap((merchant) => merchant.endpoints.map((endpoint) => ({ merchant, endpoint })));
      const hanging = endpoints.filter((_, i) => i % Math.round(1 / HANGING_SHARE) === 0);
      const setHanging = (on: boolean) => {
        if (!on) sink.release();
        for (const { merchant, endpoint } of hanging) {
          if (on) sink.hanging.add(endpoint.path);
          merchant.healthy += on ? -1 : 1;
        }
      };
      // a) and c) take turns, so a quieter or busier spell of the shared machine falls on both, and in
      // the order a c, c a, a c…: neither always goes second (into a fuller outbox table, a later vacuum).
      let hangingNow = false;
      const phase = async (withHanging: boolean, round: number) => {
        if (withHanging !== hangingNow) setHanging((hangingNow = withHanging));
        if (withHanging) console.log(`c) round ${round}/${ROUNDS}: as a), with ${hanging.length} of ${endpoints.length} endpoints never answering...`);
        else console.log(`a) round ${round}/${ROUNDS}: ${DURATION} s of deliveries, every endpoint answering at once (after ${WARMUP} s of warm-up)...`);
        return saturate(pool, sink, merchants);
      };
      const rounds: { all: Saturated; withHanging: Saturated }[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        if (round % 2 === 1) {
          const all = await phase(false, round);
          rounds.push({ all, withHanging: await phase(true, round) });
        } else {
          const withHanging = await phase(true, round);
          rounds.push({ all: await phase(false, round), withHanging });
        }
      }
      const all = combined(rounds.map((r) => r.all));
      const withHanging = combined(rounds.map((r) => r.withHanging));
      const holding = sink.holding;
      const stopping = performance.now();
      await app.stop();
      app = undefined;
      const shutdownSeconds = (performance.now() - stopping) / 1000;

      const drop = 1 - withHanging.rate / all.rate;
      const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
      const round = (n: number) => Math.round(n);
      await report(
        'webhooks',
        { quick: QUICK, concurrency: CONCURRENCY, merchants: MERCHANTS, endpointsPerMerchant: ENDPOINTS_PER_MERCHANT, durationSeconds: DURATION, rounds: ROUNDS, warmupSeconds: WARMUP, rate: RATE, latencySeconds: LATENCY_SECONDS, backlog: BACKLOG, hangingEndpoints: hanging.length },
        [
          { scenario: `reference: bare POSTs to the receiver, ${CONCURRENCY} at a time`, 'deliveries/s': round(bare) },
          { scenario: 'a) deliveries/s, all answer at once', 'of bare': Number((all.rate / bare).toFixed(2)), deliveries: all.deliveries, seconds: round(all.seconds), 'deliveries/s': round(all.rate), 'per round': all.perRound.join(', '), 'slowest 5 s/s': round(all.slowest5s), 'all arrived': all.complete ? 'yes' : 'NO', target: `>= ${TARGETS.deliveriesPerSecond}/s`, met: all.rate >= TARGETS.deliveriesPerSecond ? 'yes' : 'NO' },
          { scenario: `b) commit → first attempt at ${RATE} events/s`, deliveries: lag.deliveries, 'p50 ms': lag.p50, 'p99 ms': lag.p99, 'max ms': lag.max, 'reactor p50/p99 ms': lag.reactor, 'worker p50/p99 ms': lag.worker, 'all arrived': lag.complete ? 'yes' : 'NO', target: `p99 < ${TARGETS.p99Ms} ms`, met: lag.p99 < TARGETS.p99Ms ? 'yes' : 'NO' },
          { scenario: `c) healthy deliveries/s, ${hanging.length} endpoints hanging`, deliveries: withHanging.deliveries, seconds: round(withHanging.seconds), 'deliveries/s': round(withHanging.rate), 'per round': withHanging.perRound.join(', '), 'slowest 5 s/s': round(withHanging.slowest5s), 'all arrived': withHanging.complete ? 'yes' : 'NO', 'drop vs a)': percent(drop), 'drop per round': rounds.map((r) => percent(1 - r.withHanging.rate / r.all.rate)).join(', '), target: `drop < ${TARGETS.hangingDrop * 100}%`, met: drop < TARGETS.hangingDrop ? 'yes' : 'NO' },
          { scenario: `app shutdown with ${holding} attempts hanging`, seconds: Number(shutdownSeconds.toFixed(1)) },
        ],
      );
    } finally {
      await store.close();
      await pool.end();
    }
  } finally {
    await app?.stop();
    await sink.close();
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
