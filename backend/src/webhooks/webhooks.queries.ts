import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { WEBHOOK_MESSAGES, type Environment, type WebhookDelivery, type WebhookDeliveryPage, type WebhookEndpoint, type WebhookEventType } from '@tallyline/contracts';
import { DataSource, Repository } from 'typeorm';
import { DomainError } from '../platform/domain-error.js';
import { decodePageCursor, encodePageCursor } from '../platform/http/page-cursor.js';
import { maskedSecret } from './endpoints/endpoint-secrets.js';
import { WebhookEndpointView } from './read-models/webhook-endpoint.entity.js';

const toEndpoint = (view: WebhookEndpointView): WebhookEndpoint => ({
  id: view.id,
  url: view.url,
  description: view.description,
  eventTypes: view.eventTypes,
  environment: view.environment,
  enabled: view.enabled,
  disabledReason: view.disabledReason,
  secret: maskedSecret(view.secretLast4),
  createdAt: view.createdAt.toISOString(),
});

interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_type: WebhookEventType;
  status: WebhookDelivery['status'];
  attempts: number;
  last_response_code: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  created_at: Date;
}

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  webhookId: row.webhook_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  lastResponseCode: row.last_response_code,
  lastError: row.last_error,
  lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? (row.next_attempt_at?.toISOString() ?? null) : null,
  createdAt: row.created_at.toISOString(),
});

const encodeCursor = (row: DeliveryRow) => encodePageCursor(row.created_at, row.id);
function decodeCursor(cursor: string): [string, string] {
  const position = decodePageCursor(cursor);
  if (!position) throw DomainError.validation([{ field: 'cursor', message: WEBHOOK_MESSAGES.invalidCursor }]);
  return [position.createdAt, position.id];
}

/** Reads of the webhooks tables, always scoped to one merchant and its environment. */
@Injectable()
export class WebhookQueries {
  constructor(
    @InjectRepository(WebhookEndpointView) private readonly endpoints: Repository<WebhookEndpointView>,
    private readonly db: DataSource,
  ) {}

  /** The endpoints of one format: /api's standard ones, or another door's (the Stripe-compatible API's). */
  async list(merchantId: string, environment: Environment, format = 'standard'): Promise<WebhookEndpoint[]> {
    return (await this.views(merchantId, environment, format)).map(toEndpoint);
  }

  /** Oldest first. */
  views(merchantId: string, environment: Environment, format: string): Promise<WebhookEndpointView[]> {
    return this.endpoints.find({ where: { merchantId, environment, format }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /**
   * The caller's endpoint of `format`; another merchant's, one outside `environment` when given, or another door's
   * (a Stripe-format endpoint seen from /api, whose event names it would not take) is not found.
   */
  async view(merchantId: string, environment: Environment | undefined, id: string, format = 'standard'): Promise<WebhookEndpointView> {
    const view = /^[0-9a-f-]{36}$/i.test(id) ? await this.endpoints.findOneBy({ id, merchantId, format, ...(environment ? { environment } : {}) }) : null;
    if (!view) throw new DomainError('not_found', WEBHOOK_MESSAGES.notFound);
    return view;
  }

  async one(merchantId: string, environment: Environment | undefined, id: string): Promise<WebhookEndpoint> {
    return toEndpoint(await this.view(merchantId, environment, id));
  }

  /** Newest first. */
  async deliveries(endpointId: string, limit: number, cursor: string | undefined): Promise<WebhookDeliveryPage> {
    const after = cursor === undefined ? null : decodeCursor(cursor);
    const rows = await this.db.query<DeliveryRow[]>(
      `SELECT id, webhook_id, event_type, status, attempts, last_response_code, last_error, last_attempt_at, next_attempt_at, created_at
         FROM webhook_deliveries
        WHERE endpoint_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [endpointId, after?.[0] ?? null, after?.[1] ?? null, limit + 1],
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { data: page.map(toDelivery), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
  }
}
