import { Injectable } from '@nestjs/common';
import type { EventStore, StoredEvent } from '../../platform/event-store/event-store.port.js';
import { WEBHOOK_SOURCES, webhookMessageOf, type WebhookLookups } from './webhook-messages.js';

/** The format of endpoints made through /api/webhook-endpoints. */
export const STANDARD_FORMAT = 'standard';

/** One event in another format: its name there and the body its endpoints receive. */
export interface FormattedMessage {
  merchantId: string;
  environments: string[];
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Another payload format for the same events and the same delivery (outbox, retries, log): another
 * feature's (the Stripe-compatible API's) event names, bodies and signature header. Endpoints choose
 * theirs when made; the standard-webhooks format is the default and needs no entry here.
 */
export interface WebhookFormat {
  readonly name: string;
  /** The stored event types it has a message for. */
  readonly handles: readonly string[];
  messageOf(event: StoredEvent, store: EventStore): Promise<FormattedMessage | undefined>;
  /** The headers that sign `body` with the endpoint's secret. */
  signatureHeaders(secret: string, body: string, now: Date): Record<string, string>;
}

/** The formats other features registered (at module init), by name. */
@Injectable()
export class WebhookFormats {
  private readonly formats = new Map<string, WebhookFormat>();

  register(format: WebhookFormat): void {
    this.formats.set(format.name, format);
  }

  get(name: string): WebhookFormat | undefined {
    return this.formats.get(name);
  }

  /** The stored event types any format (or only `format`) has a message for. */
  handles(format?: string): string[] {
    const standard = format === undefined || format === STANDARD_FORMAT ? Object.keys(WEBHOOK_SOURCES) : [];
    const others = [...this.formats.values()].filter((f) => format === undefined || f.name === format).flatMap((f) => f.handles);
    return [...new Set([...standard, ...others])];
  }

  /** The event's message in one format; undefined when that format has none for it. */
  messageOf(format: string, event: StoredEvent, store: EventStore, lookups: WebhookLookups): Promise<FormattedMessage | undefined> {
    if (format === STANDARD_FORMAT) return webhookMessageOf(event, store, lookups);
    return this.formats.get(format)?.messageOf(event, store) ?? Promise.resolve(undefined);
  }

  /** The event's message in every format that has one (among `only`, when given). */
  async messagesOf(event: StoredEvent, store: EventStore, lookups: WebhookLookups, only?: ReadonlySet<string>): Promise<{ format: string; message: FormattedMessage }[]> {
    const names = [STANDARD_FORMAT, ...this.formats.keys()].filter((name) => !only || only.has(name));
    const messages = await Promise.all(names.map(async (format) => ({ format, message: await this.messageOf(format, event, store, lookups) })));
    return messages.filter((m): m is { format: string; message: FormattedMessage } => m.message !== undefined);
  }
}
