import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventStore, type StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Reactor } from '../../platform/projections/processor.js';
import { ProcessorRunner } from '../../platform/projections/processor-runner.js';
import { WebhookEndpointsProjection } from '../read-models/webhook-endpoints.projection.js';
import { WebhookFormats } from './webhook-formats.js';
import { WebhookOutbox } from './webhook-outbox.js';

/**
 * Events to outbox rows, in the transaction that moves this reactor's checkpoint: a crash loses none
 * and queues none twice (the row is unique per event and endpoint). The endpoints an event goes to
 * are those that existed at its position in the log, so it waits for their projection to get there.
 */
@AsProcessor()
@Injectable()
export class WebhookOutboxReactor implements Reactor {
  readonly kind = 'reactor';
  readonly name = 'webhook-outbox';

  constructor(
    private readonly store: EventStore,
    private readonly outbox: WebhookOutbox,
    private readonly processors: ProcessorRunner,
    private readonly endpoints: WebhookEndpointsProjection,
    private readonly formats: WebhookFormats,
  ) {}

  /** Read when events come: other features register their formats at module init, after this is made. */
  get handles(): string[] {
    return this.formats.handles();
  }

  async handle(event: StoredEvent, manager: EntityManager): Promise<void> {
    const messages = await this.formats.messagesOf(event, this.store);
    if (messages.length === 0) return;
    const { failed, timedOut } = await this.processors.waitForProjections(event.globalPosition, this.endpoints.handles);
    if (failed.length || timedOut.length) throw new Error(`Webhook endpoints not up to event ${event.globalPosition}: ${[...failed, ...timedOut].join(', ')}`);
    for (const { format, message } of messages) await this.outbox.enqueue(manager, event, message, { format });
  }
}
