import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { systemContext } from '../../platform/commands/command-context.js';
import { AppConfig } from '../../platform/config/app-config.js';
import { DisableWebhookEndpoint } from '../disable-webhook-endpoint/disable-webhook-endpoint.command.js';
import { EndpointSecrets } from '../endpoints/endpoint-secrets.js';
import { WebhookFormats } from '../outbox/webhook-formats.js';
import { DISABLE_AFTER_MS, nextAttemptAfter } from './retry-schedule.js';
import { sendWebhook, type AttemptResult } from './send-webhook.js';
import { WebhookClock } from './webhook-clock.js';

/** At most this many attempts in flight to one endpoint per instance: a hanging endpoint holds no more slots. */
const PER_ENDPOINT = 4;
/** A claimed delivery whose instance died is due again this long after its attempt's timeout. */
const LEASE_GRACE_MS = 30_000;

interface Claimed {
  id: string;
  webhook_id: string;
  endpoint_id: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret_salt: string;
  format: string;
}

/**
 * Sends the outbox. Each pass claims due rows (`FOR UPDATE SKIP LOCKED`, so instances never claim the
 * same row) by pushing their next_attempt_at past the attempt's timeout: that is the lease, and a
 * crash leaves the row to be claimed again once it runs out, with the same webhook-id. Attempts run
 * side by side up to WEBHOOK_CONCURRENCY; a pass never waits for one to finish.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly inFlight = new Map<string, string>();
  private readonly stop = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private passing = false;

  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly clock: WebhookClock,
    private readonly secrets: EndpointSecrets,
    private readonly commandBus: CommandBus,
    private readonly formats: WebhookFormats,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.runProcessors) this.timer = setInterval(() => void this.pass(), this.config.webhooks.pollMs);
  }

  /** In-flight attempts are cut off and not recorded, as in a crash: their leases bring them back. */
  beforeApplicationShutdown(): void {
    clearInterval(this.timer);
    this.stop.abort();
  }

  private async pass(): Promise<void> {
    if (this.passing || this.stop.signal.aborted) return;
    this.passing = true;
    try {
      const free = this.config.webhooks.concurrency - this.inFlight.size;
      for (const delivery of free > 0 ? await this.claim(free) : []) {
        this.inFlight.set(delivery.id, delivery.endpoint_id);
        void this.attempt(delivery).finally(() => this.inFlight.delete(delivery.id));
      }
    } catch (error) {
      if (!this.stop.signal.aborted) this.logger.warn(`Claiming webhook deliveries failed: ${(error as Error).message}`);
    } finally {
      this.passing = false;
    }
  }

  private claim(limit: number): Promise<Claimed[]> {
    const now = this.clock.now();
    const lease = new Date(now.getTime() + this.config.webhooks.timeoutMs + LEASE_GRACE_MS);
    return this.db.transaction(async (m) => {
      const due = await m.query<{ id: string; endpoint_id: string }[]>(
        `SELECT d.id, d.endpoint_id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
          WHERE d.status = 'pending' AND d.next_attempt_at <= $1
          ORDER BY d.next_attempt_at LIMIT $2 FOR UPDATE OF d SKIP LOCKED`,
        [now, limit * PER_ENDPOINT],
      );
      const perEndpoint = new Map<string, number>();
      for (const endpoint of this.inFlight.values()) perEndpoint.set(endpoint, (perEndpoint.get(endpoint) ?? 0) + 1);
      const picked = due.filter(({ endpoint_id }) => {
        const busy = perEndpoint.get(endpoint_id) ?? 0;
        if (busy >= PER_ENDPOINT) return false;
        perEndpoint.set(endpoint_id, busy + 1);
        return true;
      });
      if (picked.length === 0) return [];
      // TypeORM answers an UPDATE … RETURNING with [rows, count].
      const [claimed] = await m.query<[Claimed[], number]>(
        `UPDATE webhook_deliveries d SET attempts = d.attempts + 1, next_attempt_at = $2, last_attempt_at = $3
           FROM webhook_endpoints e WHERE d.id = ANY($1) AND e.id = d.endpoint_id
         RETURNING d.id, d.webhook_id, d.endpoint_id, d.payload, d.attempts, e.url, e.secret_salt, e.format`,
        [picked.slice(0, limit).map((row) => row.id), lease, now],
      );
      return claimed;
    });
  }

  private async attempt(delivery: Claimed): Promise<void> {
    try {
      const body = JSON.stringify(delivery.payload);
      const headers = { 'content-type': 'application/json', ...this.signatureHeaders(delivery, body) };
      const { timeoutMs, allowPrivate } = this.config.webhooks;
      const result = await sendWebhook(delivery.url, headers, body, { timeoutMs, allowPrivate, signal: this.stop.signal });
      if (this.stop.signal.aborted) return;
      await this.record(delivery, result);
    } catch (error) {
      if (!this.stop.signal.aborted) this.logger.error(`Webhook delivery ${delivery.id} failed to record: ${(error as Error).message}`);
    }
  }

  /** Standard webhooks' headers, or those of the endpoint's format (Stripe-Signature). */
  private signatureHeaders(delivery: Claimed, body: string): Record<string, string> {
    const secret = this.secrets.secretFor(delivery.secret_salt);
    const now = new Date();
    const format = this.formats.get(delivery.format);
    if (format) return format.signatureHeaders(secret, body, now);
    const signature = new Webhook(secret).sign(delivery.webhook_id, now, body);
    return { 'webhook-id': delivery.webhook_id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signature };
  }

  private async record(delivery: Claimed, result: AttemptResult): Promise<void> {
    const now = this.clock.now();
    const ok = 'statusCode' in result && result.statusCode >= 200 && result.statusCode < 300;
    const next = ok ? undefined : nextAttemptAfter(delivery.attempts, now);
    await this.db.query(
      `UPDATE webhook_deliveries SET status = $2, next_attempt_at = $3, last_response_code = $4, last_error = $5 WHERE id = $1`,
      [delivery.id, ok ? 'delivered' : next ? 'pending' : 'failed', next ?? null, 'statusCode' in result ? result.statusCode : null, 'error' in result ? result.error : null],
    );
    if (ok) {
      await this.db.query(`DELETE FROM webhook_endpoint_failures WHERE endpoint_id = $1`, [delivery.endpoint_id]);
      return;
    }
    const [failing] = await this.db.query<{ failing_since: Date }[]>(
      `INSERT INTO webhook_endpoint_failures (endpoint_id, failing_since) VALUES ($1, $2)
       ON CONFLICT (endpoint_id) DO UPDATE SET failing_since = webhook_endpoint_failures.failing_since RETURNING failing_since`,
      [delivery.endpoint_id, now],
    );
    if (failing && now.getTime() - failing.failing_since.getTime() >= DISABLE_AFTER_MS) {
      await this.commandBus.execute(new DisableWebhookEndpoint(delivery.endpoint_id, 'Deliveries failed for 5 days without a success', systemContext('webhook-delivery', now)));
      // Counted afresh once the merchant enables it again.
      await this.db.query(`DELETE FROM webhook_endpoint_failures WHERE endpoint_id = $1`, [delivery.endpoint_id]);
      this.logger.warn(`Webhook endpoint ${delivery.endpoint_id} disabled: failing for 5 days`);
    }
  }
}
