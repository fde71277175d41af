import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { AppConfig } from '../../platform/config/app-config.js';
import { DatabasePool } from '../../platform/database/database-pool.js';
import { sleep } from '../../platform/database/transient-errors.js';
import { ListeningConnection } from '../../platform/database/listening-connection.js';
import { ProcessorRunner } from '../../platform/projections/processor-runner.js';
import { EndpointSecrets } from '../endpoints/endpoint-secrets.js';
import { WebhookFormats } from '../outbox/webhook-formats.js';
import { WebhookOutbox } from '../outbox/webhook-outbox.js';
import { DeliveryRecorder } from './delivery-recorder.js';
import { OutboxVacuum } from './outbox-vacuum.js';
import { sendWebhook } from './send-webhook.js';
import { WebhookClock } from './webhook-clock.js';

/** At most this many attempts in flight to one endpoint per instance; one to an endpoint that is failing. */
const PER_ENDPOINT = 4;
/**
 * An attempt unanswered after this long is waiting on a slow or hanging endpoint: it costs a socket,
 * no work, so it stops counting against WEBHOOK_CONCURRENCY (up to WAITING_PER_SLOT times as many),
 * and its endpoint gets no more attempts until it answers: its due rows are parked (next_attempt_at
 * pushed to a lease's end), so claims stop walking past them. Hanging endpoints never take every slot
 * nor slow down the claims of the others.
 */
const SLOW_AFTER_MS = 500;
const WAITING_PER_SLOT = 16;
/**
 * Parked rows made due again per answer of their endpoint: enough to keep it busy until the next
 * answer, not the whole backlog of an endpoint that answers but slowly (parked again at once).
 */
const RELEASED_PER_ANSWER = 4 * PER_ENDPOINT;
/**
 * Due rows of one hanging endpoint parked per claim: more than arrive between two claims. Parking moves a
 * row's next_attempt_at, so its earlier version stays in the indexes, dead, until a vacuum. A plain index
 * scan marks such entries dead as it passes them; a bitmap scan never does, and PostgreSQL chose one here
 * (an endpoint's due rows, then a sort), so every claim visited every earlier version of every parked row
 * again: with 30 of 300 endpoints hanging, 8,000 heap pages and 14 ms a claim, and a third fewer
 * deliveries to the healthy ones. A LIMIT below the rows it expects makes it walk the index in order
 * instead (0.3 ms, 155 pages).
 */
const PARKED_PER_CLAIM = 16;
/**
 * The due rows of endpoints that went on hanging are parked this often, not at every claim: a claim per
 * eight deliveries, each probing every hanging endpoint's rows (30 in the benchmark) for the one or two
 * that arrived since, cost the claims a quarter more buffers. Rows arriving in between are passed over
 * by the claims (their endpoints are saturated) until then. An endpoint that starts hanging is parked
 * at once.
 */
const PARK_EVERY_MS = 100;
/**
 * A parked row is due again after the lease at first, then after as long as it has waited so far, up to
 * this: an endpoint that hangs for hours does not have its whole backlog parked again every lease (a
 * backlog growing by the second, re-parked every 45 s, would cost more statements than the healthy
 * endpoints' deliveries). Its own instance releases parked rows at the endpoint's first answer; only after a
 * crash do they wait out their time.
 */
const MAX_PARKED = '10 minutes';
/** A claimed delivery whose instance died is due again this long after its attempt's timeout. */
const LEASE_GRACE_MS = 30_000;
/** The outbox reactor, whose checkpoint moving means new rows may be due. */
const OUTBOX = 'webhook-outbox';

interface Claimed {
  id: string;
  webhook_id: string;
  endpoint_id: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret_salt: string;
  format: string;
  lease: Date;
  failing: boolean;
}

/**
 * Sends the outbox. A pass claims due rows in one statement (`FOR UPDATE SKIP LOCKED`, so instances
 * never claim the same row), pushing their next_attempt_at past the attempt's timeout: that is the
 * lease, and a crash leaves the row to be claimed again once it runs out, with the same webhook-id.
 * Passes run when the outbox reactor moves (new rows), when a quarter of the slots are free again, and every
 * WEBHOOK_POLL_MS (retries falling due, other instances' rows); one at a time, never waiting for an
 * attempt. Connections to endpoints are kept alive between attempts.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  /** Attempts in flight by delivery id; `done` settles when the attempt ends, for a shutdown to wait on. */
  private readonly inFlight = new Map<string, { endpointId: string; startedAt: number; failing: boolean; done: Promise<void> }>();
  /** Endpoints whose due rows this instance parked, released as their attempts are answered. */
  private readonly parked = new Set<string>();
  /** Parked endpoints that answered: their rows are due again at the next pass. */
  private readonly answered = new Set<string>();
  private readonly stop = new AbortController();
  /** Many endpoints share a host (one integration platform for many merchants): no per-host cap here. */
  private readonly agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  private timer: NodeJS.Timeout | undefined;
  private unwatch: (() => void) | undefined;
  private passing: Promise<void> | undefined;
  /** Set at shutdown: no more claims, the attempts in flight may finish. */
  private closing = false;
  private passAgain = false;
  /** When this instance last parked its hanging endpoints' rows (PARK_EVERY_MS). */
  private parkedAt = 0;
  private outboxSeen = 0n;
  private finishedSincePass = 0;
  /**
   * Claims and releases run one at a time on a session of their own, where the planner may not sort.
   * The claim wants the oldest due rows: walking the due index in order reads about as many rows as it
   * takes. With a few thousand due, PostgreSQL's costs (random_page_cost 4) made it read every due row
   * and sort them instead: 8,900 buffers and 9–11 ms a claim against 900 and 1.5 ms, in every state of
   * the table's statistics (fresh, stale, analyzed); deliveries sagged while that plan lasted.
   * `random_page_cost = 1.1` fixed the analyzed table only. Both statements are prepared once, with a
   * generic plan (made again whenever a vacuum or analyze changes the table's statistics): planning the
   * claim took 0.45 ms a time, more than half as long as running it, at a claim per eight deliveries;
   * prepared, a fifth more deliveries a second (`npm run bench:webhooks`).
   */
  private readonly claims: ListeningConnection;

  constructor(
    private readonly config: AppConfig,
    private readonly clock: WebhookClock,
    private readonly secrets: EndpointSecrets,
    private readonly recorder: DeliveryRecorder,
    private readonly processors: ProcessorRunner,
    private readonly formats: WebhookFormats,
    private readonly vacuum: OutboxVacuum,
    private readonly outbox: WebhookOutbox,
    pool: DatabasePool,
  ) {
    const { options } = pool.options as { options?: string };
    this.claims = new ListeningConnection({ ...pool.options, options: [options, '-c enable_sort=off', '-c plan_cache_mode=force_generic_plan'].filter(Boolean).join(' ') }, 'webhook-claims');
  }

  onApplicationBootstrap(): void {
    if (!this.config.runProcessors) return;
    this.timer = setInterval(() => this.kick(), this.config.webhooks.pollMs);
    this.unwatch = this.processors.watcher.onAdvance(() => {
      const position = this.processors.position(OUTBOX);
      if (position <= this.outboxSeen) return;
      const from = this.outboxSeen;
      this.outboxSeen = position;
      // Where the outbox runs in this process, it knows whether those events queued anything: most go to
      // no endpoint, and a claim after each cost a statement per payment. Run elsewhere, any may have.
      if (this.processors.watcher.holds(OUTBOX) && !this.outbox.queuedAfter(from)) return;
      this.kick();
    });
  }

  /**
   * Claims stop; attempts in flight get until their answer, up to SHUTDOWN_TIMEOUT_MS, so a rolling
   * restart sends nothing twice. Those still unanswered then are cut off and not recorded, as in a
   * crash: their leases bring them back. Answers already in are written first.
   */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.unwatch?.();
    this.closing = true;
    await this.passing; // its claims are in flight too
    await this.drain();
    this.stop.abort();
    await this.claims.close();
    await this.recorder.flush();
    await this.vacuum.settled();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private async drain(): Promise<void> {
    if (this.inFlight.size === 0) return;
    const waitMs = Math.min(this.config.shutdownTimeoutMs, this.config.webhooks.timeoutMs);
    this.logger.log(`Waiting up to ${waitMs / 1000} s for ${plural(this.inFlight.size, 'webhook attempt')} in flight`);
    const timeout = new AbortController();
    const answered = await Promise.race([
      Promise.allSettled([...this.inFlight.values()].map((attempt) => attempt.done)).then(() => true),
      sleep(waitMs, timeout.signal).then(() => false),
    ]);
    timeout.abort();
    if (answered) return;
    const leaseSeconds = (this.config.webhooks.timeoutMs + LEASE_GRACE_MS) / 1000;
    this.logger.warn(
      `Cut off ${plural(this.inFlight.size, 'webhook attempt')} still unanswered after ${waitMs / 1000} s: each is sent again, with its webhook-id, once its lease runs out (${leaseSeconds} s after the attempt began)`,
    );
  }

  private kick(): void {
    if (this.stop.signal.aborted || this.closing) return;
    if (this.passing) {
      this.passAgain = true;
      return;
    }
    this.passing = this.pass().finally(() => {
      this.passing = undefined;
      if (this.passAgain) {
        this.passAgain = false;
        this.kick();
      }
    });
  }

  private async pass(): Promise<void> {
    this.finishedSincePass = 0;
    const now = Date.now();
    const { concurrency } = this.config.webhooks;
    // A failing endpoint's probe most likely waits out its timeout: it takes no slot from the healthy
    // ones. Counted as working, the probes that follow each timeout of the hanging endpoints (30 of
    // them in the benchmark) held nearly every slot for half a second every 15 s.
    const working = [...this.inFlight.values()].filter((attempt) => !attempt.failing && now - attempt.startedAt < SLOW_AFTER_MS).length;
    const free = Math.min(concurrency - working, concurrency * WAITING_PER_SLOT - this.inFlight.size);
    if (free <= 0) return;
    try {
      // Waits out a lost connection (its reconnect wakes nothing: the poll comes back here); undefined once closing.
      if (!(await this.claims.ready())) return;
      if (this.answered.size > 0) await this.release();
      const hanging = this.hangingEndpoints(now);
      const park = hanging.some((endpointId) => !this.parked.has(endpointId)) || now - this.parkedAt >= PARK_EVERY_MS ? hanging : [];
      const got = await this.claim(free, this.saturatedEndpoints(now), park);
      if (park.length > 0) this.parkedAt = now;
      this.vacuum.claimedRows(got.length);
      for (const endpointId of park) this.parked.add(endpointId);
      for (const delivery of got) {
        const startedAt = Date.now();
        // Its end is never before this turn is over: the entry is in the map by then.
        const done = this.attempt(delivery).finally(() => {
          this.inFlight.delete(delivery.id);
          // Refilled in batches: a claim per finished attempt would cost a statement per delivery.
          if (++this.finishedSincePass >= concurrency / 4 || this.inFlight.size === 0 || this.answered.size > 0) this.kick();
        });
        this.inFlight.set(delivery.id, { endpointId: delivery.endpoint_id, startedAt, failing: delivery.failing, done });
      }
    } catch (error) {
      if (!this.stop.signal.aborted) this.logger.warn(`Claiming webhook deliveries failed: ${(error as Error).message}`);
    }
  }

  /**
   * Endpoints that get no attempt now: PER_ENDPOINT in flight, one if it is failing, or one of theirs
   * is slow. Left out before the claim's LIMIT, so their due rows never crowd out the others'.
   */
  private saturatedEndpoints(now: number): string[] {
    const count = new Map<string, number>();
    for (const { endpointId, startedAt, failing } of this.inFlight.values()) {
      count.set(endpointId, now - startedAt >= SLOW_AFTER_MS || failing ? PER_ENDPOINT : (count.get(endpointId) ?? 0) + 1);
    }
    return [...count].filter(([, n]) => n >= PER_ENDPOINT).map(([endpointId]) => endpointId);
  }

  /** Endpoints with an attempt unanswered for SLOW_AFTER_MS: their due rows are parked. */
  private hangingEndpoints(now: number): string[] {
    const hanging = new Set<string>();
    for (const { endpointId, startedAt } of this.inFlight.values()) if (now - startedAt >= SLOW_AFTER_MS) hanging.add(endpointId);
    return [...hanging];
  }

  /**
   * Up to RELEASED_PER_ANSWER parked rows of each endpoint that answered are due now (never earlier
   * than their schedule: they were due when parked); one with more left stays parked, and its next
   * answer releases more. Run between claims, so a claim parking them again cannot overtake it.
   */
  private async release(): Promise<void> {
    const endpoints = [...this.answered];
    const { rows: released } = await this.claims.query<{ endpoint_id: string }>(
      `UPDATE webhook_deliveries d SET next_attempt_at = $2, parked = false
         FROM unnest($1::uuid[]) AS h(endpoint_id), LATERAL (
                SELECT id FROM webhook_deliveries
                 WHERE endpoint_id = h.endpoint_id AND status = 'pending' AND parked
                 ORDER BY next_attempt_at LIMIT ${RELEASED_PER_ANSWER} FOR UPDATE SKIP LOCKED) r
        WHERE d.id = r.id
       RETURNING d.endpoint_id`,
      [endpoints, this.clock.now()],
      'webhook-release',
    );
    const count = new Map<string, number>();
    for (const { endpoint_id } of released) count.set(endpoint_id, (count.get(endpoint_id) ?? 0) + 1);
    for (const endpointId of endpoints) {
      this.answered.delete(endpointId);
      if (count.get(endpointId) === RELEASED_PER_ANSWER) this.parked.add(endpointId);
    }
  }

  /**
   * Up to `limit` due rows, at most PER_ENDPOINT per endpoint counting those in flight (one while it
   * fails: a probe, not four attempts into a timeout), leased in the statement that picks them.
   * The same statement parks the due rows of `hanging` endpoints until the lease's end, or longer for
   * rows that have waited longer (MAX_PARKED): an instance that dies leaves them due again by then.
   */
  private async claim(limit: number, saturated: string[], hanging: string[]): Promise<Claimed[]> {
    const now = this.clock.now();
    const lease = new Date(now.getTime() + this.config.webhooks.timeoutMs + LEASE_GRACE_MS);
    const busy = new Map<string, number>();
    for (const { endpointId } of this.inFlight.values()) busy.set(endpointId, (busy.get(endpointId) ?? 0) + 1);
    const { rows: claimed } = await this.claims.query<Claimed>(
      `WITH parked AS (
         UPDATE webhook_deliveries SET next_attempt_at = greatest($6, $1 + least($1 - created_at, interval '${MAX_PARKED}')), parked = true
          WHERE id IN (SELECT r.id FROM unnest($7::uuid[]) AS h(endpoint_id), LATERAL (
                         SELECT id FROM webhook_deliveries
                          WHERE status = 'pending' AND endpoint_id = h.endpoint_id AND next_attempt_at <= $1
                          ORDER BY next_attempt_at LIMIT ${PARKED_PER_CLAIM} FOR UPDATE SKIP LOCKED) r)
       ), due AS (
         SELECT d.id, d.endpoint_id, d.next_attempt_at, f.endpoint_id IS NOT NULL AS failing
           FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
           LEFT JOIN webhook_endpoint_failures f ON f.endpoint_id = d.endpoint_id
          WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND d.endpoint_id <> ALL($3::uuid[])
          ORDER BY d.next_attempt_at LIMIT $2 * ${PER_ENDPOINT} FOR UPDATE OF d SKIP LOCKED
       ), picked AS (
         SELECT id, failing FROM (
           SELECT due.id, due.next_attempt_at, due.failing,
                  row_number() OVER (PARTITION BY due.endpoint_id ORDER BY due.next_attempt_at) + coalesce(b.n, 0) AS nth
             FROM due LEFT JOIN unnest($4::uuid[], $5::int[]) AS b(endpoint_id, n) ON b.endpoint_id = due.endpoint_id
         ) ranked
          WHERE nth <= CASE WHEN failing THEN 1 ELSE ${PER_ENDPOINT} END ORDER BY next_attempt_at LIMIT $2
       )
       UPDATE webhook_deliveries d SET attempts = d.attempts + 1, next_attempt_at = $6, last_attempt_at = $1, parked = false
         FROM webhook_endpoints e, picked p
        WHERE d.id = p.id AND e.id = d.endpoint_id
       RETURNING d.id, d.webhook_id, d.endpoint_id, d.payload, d.attempts, e.url, e.secret_salt, e.format, d.next_attempt_at AS lease, p.failing`,
      [now, limit, saturated, [...busy.keys()], [...busy.values()], lease, hanging],
      'webhook-claim',
    );
    return claimed;
  }

  private async attempt(delivery: Claimed): Promise<void> {
    try {
      const body = JSON.stringify(delivery.payload);
      const { timeoutMs, allowPrivate } = this.config.webhooks;
      const agent = delivery.url.startsWith('https:') ? this.agents.https : this.agents.http;
      const result = await sendWebhook(delivery.url, this.signedHeaders(delivery, body), body, { timeoutMs, allowPrivate, signal: this.stop.signal, agent });
      if (this.stop.signal.aborted) return;
      // Any answer, even an error status, means the endpoint no longer hangs.
      if ('statusCode' in result && this.parked.delete(delivery.endpoint_id)) this.answered.add(delivery.endpoint_id);
      await this.recorder.record({ id: delivery.id, endpointId: delivery.endpoint_id, attempts: delivery.attempts, lease: delivery.lease, result });
    } catch (error) {
      if (!this.stop.signal.aborted) this.logger.error(`Webhook delivery ${delivery.id} failed to record: ${(error as Error).message}`);
    }
  }

  /**
   * Standard Webhooks' headers, or those of the endpoint's format (Stripe-Signature). One instant for
   * the header and the signature: read twice, they differ across a second's edge.
   */
  private signedHeaders(delivery: Claimed, body: string): Record<string, string> {
    const sentAt = new Date();
    const secret = this.secrets.secretFor(delivery.secret_salt);
    const format = this.formats.get(delivery.format);
    if (format) return { 'content-type': 'application/json', ...format.signatureHeaders(secret, body, sentAt) };
    const signature = new Webhook(secret).sign(delivery.webhook_id, sentAt, body);
    return { 'content-type': 'application/json', 'webhook-id': delivery.webhook_id, 'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)), 'webhook-signature': signature };
  }
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
