import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountDirectory } from '../../identity/index.js';
import { EventStore } from '../../platform/event-store/event-store.port.js';
import type { WebhookEndpointView } from '../read-models/webhook-endpoint.entity.js';
import { WebhookFormats } from './webhook-formats.js';
import { WebhookOutbox } from './webhook-outbox.js';

const CHUNK = 1_000;

/**
 * Sends an endpoint every matching event recorded since a time again, read from the event log itself
 * (not from read models): what happened is all there. Each keeps its webhook-id.
 */
@Injectable()
export class WebhookReplay {
  constructor(
    private readonly store: EventStore,
    private readonly outbox: WebhookOutbox,
    private readonly db: DataSource,
    private readonly formats: WebhookFormats,
    private readonly accounts: AccountDirectory,
  ) {}

  async since(endpoint: WebhookEndpointView, since: Date): Promise<number> {
    let queued = 0;
    const handled = new Set(this.formats.handles(endpoint.format));
    for (let after = -1n, chunk = await this.store.readAll(after, CHUNK); chunk.length > 0; chunk = await this.store.readAll(after, CHUNK)) {
      after = chunk.at(-1)!.globalPosition;
      for (const event of chunk) {
        if (event.recordedAt < since || !handled.has(event.type)) continue;
        const message = await this.formats.messageOf(endpoint.format, event, this.store, { accountIdOf: (email) => this.accounts.idOf(email) });
        if (message?.merchantId !== endpoint.merchantId || !message.environments.includes(endpoint.environment)) continue;
        queued += await this.outbox.resend(this.db.manager, event, message, endpoint.id);
      }
    }
    return queued;
  }
}
