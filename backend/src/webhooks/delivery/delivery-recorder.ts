import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { systemContext } from '../../platform/commands/command-context.js';
import { DisableWebhookEndpoint } from '../disable-webhook-endpoint/disable-webhook-endpoint.command.js';
import { DISABLE_AFTER_MS, nextAttemptAfter } from './retry-schedule.js';
import type { AttemptResult } from './send-webhook.js';
import { WebhookClock } from './webhook-clock.js';

/** A finished attempt, to be written to its outbox row. */
export interface Outcome {
  id: string;
  endpointId: string;
  /** Attempts made so far, this one included. */
  attempts: number;
  /** The next_attempt_at the claim set: a row changed since (retried, replayed, claimed again) is not overwritten. */
  lease: Date;
  result: AttemptResult;
}

/**
 * Writes what attempts got. Successes, nearly all of them, are written together: whatever finished
 * while the previous write ran goes in the next one (one UPDATE for them all, not one per delivery).
 * Until written, a row keeps its lease, so no instance sends it again meanwhile.
 */
@Injectable()
export class DeliveryRecorder {
  private readonly logger = new Logger('Webhooks');
  private delivered: Outcome[] = [];
  private writing: Promise<void> | undefined;

  constructor(
    private readonly db: DataSource,
    private readonly clock: WebhookClock,
    private readonly commandBus: CommandBus,
  ) {}

  async record(outcome: Outcome): Promise<void> {
    const { result } = outcome;
    if ('statusCode' in result && result.statusCode >= 200 && result.statusCode < 300) {
      this.delivered.push(outcome);
      this.writing ??= this.writeDelivered().finally(() => (this.writing = undefined));
      return;
    }
    return this.recordFailure(outcome);
  }

  /** Writes every success still waiting (at shutdown). */
  async flush(): Promise<void> {
    while (this.writing || this.delivered.length > 0) await (this.writing ?? this.writeDelivered());
  }

  private async writeDelivered(): Promise<void> {
    while (this.delivered.length > 0) {
      const batch = this.delivered.splice(0);
      try {
        await this.db.query(
          `UPDATE webhook_deliveries d SET status = 'delivered', next_attempt_at = NULL, last_response_code = r.code, last_error = NULL
             FROM unnest($1::uuid[], $2::int[], $3::timestamptz[]) AS r(id, code, lease) WHERE d.id = r.id AND d.next_attempt_at = r.lease`,
          [batch.map((o) => o.id), batch.map((o) => ('statusCode' in o.result ? o.result.statusCode : 0)), batch.map((o) => o.lease)],
        );
        await this.db.query(`DELETE FROM webhook_endpoint_failures WHERE endpoint_id = ANY($1::uuid[])`, [[...new Set(batch.map((o) => o.endpointId))]]);
      } catch (error) {
        // Left to their leases: sent again once those run out (at least once).
        this.logger.error(`Recording ${batch.length} webhook deliveries failed: ${(error as Error).message}`);
      }
    }
  }

  private async recordFailure({ id, endpointId, attempts, lease, result }: Outcome): Promise<void> {
    const now = this.clock.now();
    const next = nextAttemptAfter(attempts, now);
    await this.db.query(`UPDATE webhook_deliveries SET status = $2, next_attempt_at = $3, last_response_code = $4, last_error = $5 WHERE id = $1 AND next_attempt_at = $6`, [
      id,
      next ? 'pending' : 'failed',
      next ?? null,
      'statusCode' in result ? result.statusCode : null,
      'error' in result ? result.error : null,
      lease,
    ]);
    const [failing] = await this.db.query<{ failing_since: Date }[]>(
      `INSERT INTO webhook_endpoint_failures (endpoint_id, failing_since) VALUES ($1, $2)
       ON CONFLICT (endpoint_id) DO UPDATE SET failing_since = webhook_endpoint_failures.failing_since RETURNING failing_since`,
      [endpointId, now],
    );
    if (failing && now.getTime() - failing.failing_since.getTime() >= DISABLE_AFTER_MS) {
      await this.commandBus.execute(new DisableWebhookEndpoint(endpointId, 'Deliveries failed for 5 days without a success', systemContext('webhook-delivery', now)));
      // Counted afresh once the merchant enables it again.
      await this.db.query(`DELETE FROM webhook_endpoint_failures WHERE endpoint_id = $1`, [endpointId]);
      this.logger.warn(`Webhook endpoint ${endpointId} disabled: failing for 5 days`);
    }
  }
}
