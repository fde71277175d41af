import { Injectable } from '@nestjs/common';
import { WEBHOOK_MESSAGES } from '@tallyline/contracts';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { DomainError } from '../../platform/domain-error.js';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { WebhookClock } from '../delivery/webhook-clock.js';
import type { FormattedMessage } from './webhook-formats.js';

/** The delivery's webhook-id, in SQL, from the event's id and the endpoint's (`e`). */
const webhookId = (eventId: string) => `'msg_' || substr(encode(sha256(convert_to(${eventId} || ':' || e.id::text, 'UTF8')), 'hex'), 1, 32)`;

/**
 * The webhook_deliveries outbox: one row per event and endpoint. Its `webhook_id` is derived from
 * both, so every attempt, retry and replay of it carries the same id and receivers can de-duplicate.
 */
@Injectable()
export class WebhookOutbox {
  /** The newest event position this process queued deliveries for (in a transaction that may yet roll back). */
  private queuedUpTo = 0n;

  constructor(
    private readonly db: DataSource,
    private readonly clock: WebhookClock,
  ) {}

  /**
   * A replay: queues `message` for this one endpoint again, even if it was sent (same webhook-id,
   * attempts from 0), if it is the endpoint's merchant, environment and event type.
   */
  async resend(manager: EntityManager, event: StoredEvent, message: FormattedMessage, endpointId: string): Promise<number> {
    const now = this.clock.now();
    const rows = await manager.query<unknown[]>(
      `INSERT INTO webhook_deliveries (id, webhook_id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, created_at)
       SELECT gen_random_uuid(), ${webhookId('$1::text')}, e.id, $1::uuid, $2, $3::jsonb, 'pending', 0, $4, $4
         FROM webhook_endpoints e
        WHERE e.id = $7 AND e.merchant_id = $5 AND e.environment = ANY($6) AND (cardinality(e.event_types) = 0 OR $2 = ANY(e.event_types))
       ON CONFLICT (endpoint_id, event_id) DO UPDATE SET status = 'pending', attempts = 0, next_attempt_at = $4
       RETURNING id`,
      [event.eventId, message.type, JSON.stringify(message.payload), now, message.merchantId, message.environments, endpointId],
    );
    return rows.length;
  }

  /**
   * Queues many events' messages in one statement (the reactor's batch): each for every enabled
   * endpoint of its format, merchant and environments that takes its type. Rows already queued stay
   * as they are.
   */
  async enqueueAll(manager: EntityManager, messages: readonly { event: StoredEvent; message: FormattedMessage; format: string }[]): Promise<number> {
    if (messages.length === 0) return 0;
    const rows = messages.map(({ event, message, format }, n) => ({
      n,
      event_id: event.eventId,
      type: message.type,
      payload: message.payload,
      merchant_id: message.merchantId,
      environments: message.environments,
      format,
    }));
    const inserted = await manager.query<unknown[]>(
      `INSERT INTO webhook_deliveries (id, webhook_id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, created_at)
       SELECT gen_random_uuid(), ${webhookId('m.event_id::text')}, e.id, m.event_id, m.type, m.payload, 'pending', 0, $2, $2
         FROM jsonb_to_recordset($1::jsonb) AS m(n int, event_id uuid, type text, payload jsonb, merchant_id uuid, environments text[], format text)
         JOIN webhook_endpoints e ON e.merchant_id = m.merchant_id AND e.environment = ANY(m.environments)
          AND (cardinality(e.event_types) = 0 OR m.type = ANY(e.event_types)) AND e.enabled AND e.format = m.format
        ORDER BY m.n
       ON CONFLICT (endpoint_id, event_id) DO NOTHING
       RETURNING id`,
      [JSON.stringify(rows), this.clock.now()],
    );
    if (inserted.length > 0) this.queuedUpTo = messages.reduce((newest, { event }) => (event.globalPosition > newest ? event.globalPosition : newest), this.queuedUpTo);
    return inserted.length;
  }

  /**
   * Whether this process queued deliveries for an event after `position`. A rollback after the insert
   * leaves it saying yes: at worst a claim that finds nothing.
   */
  queuedAfter(position: bigint): boolean {
    return this.queuedUpTo > position;
  }

  /** Sends a delivery again now, whatever its state; 404 unless it is the endpoint's. */
  async retry(endpointId: string, deliveryId: string): Promise<void> {
    const known = /^[0-9a-f-]{36}$/i.test(deliveryId);
    const [rows] = known
      ? await this.db.query<[unknown[], number]>(
          `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $3 WHERE id = $1 AND endpoint_id = $2 RETURNING id`,
          [deliveryId, endpointId, this.clock.now()],
        )
      : [[]];
    if (rows.length === 0) throw new DomainError('not_found', WEBHOOK_MESSAGES.deliveryNotFound);
  }
}
