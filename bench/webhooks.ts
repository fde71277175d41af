/**
 * Outbound webhooks (issue 14) on the built app, an embedded PostgreSQL in a temporary directory and a
 * local receiver (webhook-sink.ts). Merchants sign up through the API and each registers a few
 * endpoints; the benchmark then appends `PaymentCreated` events straight to the event store (from this
 * process, as the app's commands would), so the app's outbox reactor and delivery worker do the rest.
 *
 * a) throughput: the event log is kept ahead of the worker (a backlog of BACKLOG deliveries), every
 *    endpoint answers at once; deliveries/s over DURATION s after WARMUP s.
 * b) latency at RATE events/s (open loop): from the append's commit to the first attempt's arrival.
 * c) as a), with 10% of the endpoints never answering: the healthy endpoints' deliveries/s next to a).
 * The app is then stopped with those attempts hanging: how long its shutdown took.
 *
 *   npm run build && npm run bench:webhooks
 *   npm run bench:webhooks -- --quick          # small sizes, well under a minute
 *   MERCHANTS=200 DURATION=30 npm run bench:webhooks
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
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
const DURATION = setting('DURATION', 60, 6); // seconds measured in a) and c)
const WARMUP = setting('WARMUP', 5, 2);
const RATE = setting('RATE', 200, 200); // events per second in b)
const LATENCY_SECONDS = setting('LATENCY_SECONDS', 30, 5);
/** Deliveries the log is kept ahead of the receiver by in a) and c): the worker never runs dry. */
const BACKLOG = setting('BACKLOG', 5_000, 2_000);
const HANGING_SHARE = 0.1;
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
  for (let m = 0; m < MERCHANTS; m++) {
    const { merchant, stagingKey } = await signUpMerchant(appUrl, `bench-${m}-${randomUUID()}@bench.example`, `Bench Shop ${m} Ltd`);
    const endpoints = [];
    for (let e = 0; e < ENDPOINTS_PER_MERCHANT; e++) {
      const path = `/merchant-${m}/endpoint-${e}`;
      const created = await call<WebhookEndpoint>(`${appUrl}/api/webhook-endpoints`, 'POST', { url: sink.url(path), eventTypes: ['payment.created'] }, stagingKey);
      endpoints.push({ id: created.id, path });
    }
    merchants.push({ id: merchant.id, endpoints, healthy: endpoints.length });
  }
  return merchants;
}

/**
 * Keeps the log BACKLOG healthy deliveries ahead of the sink for WARMUP + DURATION s, counting what the
 * healthy endpoints received each second of the measured part; then waits until all have arrived.
 */
async function saturate(store: EventStore, sink: WebhookSink, merchants: BenchMerchant[]) {
  const base = sink.answered;
  let expected = 0;
  let stop = false;
  let next = 0;
  const feeder = (async () => {
    while (!stop) {
      if (expected - (sink.answered - base) < BACKLOG) {
        const batch = Array.from({ length: 50 }, () => merchants[next++ % merchants.length]!); // index modulo length
        await Promise.all(batch.map((merchant) => appendPayment(store, merchant)));
        expected += batch.reduce((sum, merchant) => sum + merchant.healthy, 0);
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
  await drained(() => sink.answered - base >= expected);
  const deliveries = perSecond.reduce((sum, n) => sum + n, 0);
  // The slowest 5 s stretch: a rate that sags once a cache or a queue fills shows here, not in the mean.
  const windows = perSecond.slice(4).map((_, i) => perSecond.slice(i, i + 5).reduce((sum, n) => sum + n, 0) / 5);
  return { deliveries, seconds, rate: deliveries / seconds, slowest5s: Math.min(...(windows.length ? windows : [deliveries / seconds])) };
}

async function drained(done: () => boolean, limitMs = 300_000): Promise<void> {
  for (const deadline = Date.now() + limitMs; !done(); await sleep(50)) {
    if (Date.now() > deadline) throw new Error('Deliveries did not all arrive within 300 s');
  }
}

/** RATE events/s for LATENCY_SECONDS, open loop; each delivery's first arrival minus its event's commit. */
async function latency(store: EventStore, sink: WebhookSink, merchants: BenchMerchant[]) {
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
  await drained(() => seen.size >= expected);
  sink.onDelivery = undefined;
  const ms = (p: number) => Math.round(histogram.getValueAtPercentile(p) / 100) / 10;
  return { events, deliveries: histogram.totalCount, p50: ms(50), p99: ms(99), max: Math.round(histogram.maxValue / 100) / 10 };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'tallyline-bench-'));
  await chmod(dir, 0o755);
  const database = await startEmbeddedPostgres(dir, { database: 'bench' });
  const sink = new WebhookSink();
  await sink.start();
  let app: Server | undefined;
  try {
    app = await startServer(
      'backend/dist/main.js',
      { DATABASE_URL: database.url, LOG_LEVEL: 'warn', SEED_DEMO: 'false', STAFF_EMAIL: '', JWT_SECRET: 'bench-jwt-secret-not-for-production-use', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_SECRETS_KEY: 'bench-webhook-secrets-key' },
      '/api/health',
    );
    console.log(`Setting up ${MERCHANTS} merchants with ${ENDPOINTS_PER_MERCHANT} endpoints each...`);
    const merchants = await setUpMerchants(app.url, sink);
    // The event store alone, not the app: its append is what a command does once it has decided.
    const pool = new pg.Pool({ connectionString: database.url, max: 20 });
    const store = new PostgresEventStore(pool);
    try {
      console.log(`a) ${DURATION} s of deliveries, every endpoint answering at once (after ${WARMUP} s of warm-up)...`);
      const all = await saturate(store, sink, merchants);
      console.log(`b) ${RATE} events/s for ${LATENCY_SECONDS} s, commit to first attempt...`);
      const lag = await latency(store, sink, merchants);
      const endpoints = merchants.flatMap((merchant) => merchant.endpoints.map((endpoint) => ({ merchant, endpoint })));
      const hanging = endpoints.filter((_, i) => i % Math.round(1 / HANGING_SHARE) === 0);
      for (const { merchant, endpoint } of hanging) {
        sink.hanging.add(endpoint.path);
        merchant.healthy--;
      }
      console.log(`c) as a), with ${hanging.length} of ${endpoints.length} endpoints never answering...`);
      const withHanging = await saturate(store, sink, merchants);
      const holding = sink.holding;
      const stopping = performance.now();
      await app.stop();
      app = undefined;
      const shutdownSeconds = (performance.now() - stopping) / 1000;

      const drop = 1 - withHanging.rate / all.rate;
      const round = (n: number) => Math.round(n);
      await report(
        'webhooks',
        { quick: QUICK, merchants: MERCHANTS, endpointsPerMerchant: ENDPOINTS_PER_MERCHANT, durationSeconds: DURATION, warmupSeconds: WARMUP, rate: RATE, latencySeconds: LATENCY_SECONDS, backlog: BACKLOG, hangingEndpoints: hanging.length },
        [
          { scenario: 'a) deliveries/s, all answer at once', deliveries: all.deliveries, seconds: round(all.seconds), 'deliveries/s': round(all.rate), 'slowest 5 s/s': round(all.slowest5s), target: `>= ${TARGETS.deliveriesPerSecond}/s`, met: all.rate >= TARGETS.deliveriesPerSecond ? 'yes' : 'NO' },
          { scenario: `b) commit → first attempt at ${RATE} events/s`, deliveries: lag.deliveries, 'p50 ms': lag.p50, 'p99 ms': lag.p99, 'max ms': lag.max, target: `p99 < ${TARGETS.p99Ms} ms`, met: lag.p99 < TARGETS.p99Ms ? 'yes' : 'NO' },
          { scenario: `c) healthy deliveries/s, ${hanging.length} endpoints hanging`, deliveries: withHanging.deliveries, seconds: round(withHanging.seconds), 'deliveries/s': round(withHanging.rate), 'slowest 5 s/s': round(withHanging.slowest5s), 'drop vs a)': `${(drop * 100).toFixed(1)}%`, target: `drop < ${TARGETS.hangingDrop * 100}%`, met: drop < TARGETS.hangingDrop ? 'yes' : 'NO' },
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
