import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountDirectory } from '../../identity/index.js';
import { EventStore, type StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Reactor } from '../../platform/projections/processor.js';
import { ProcessorRunner } from '../../platform/projections/processor-runner.js';
import { WebhookEndpointsProjection } from '../read-models/webhook-endpoints.projection.js';
import { WebhookOutbox } from './webhook-outbox.js';
import { WEBHOOK_SOURCES, webhookMessageOf } from './webhook-messages.js';

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
  readonly handles = Object.keys(WEBHOOK_SOURCES);

  constructor(
    private readonly store: EventStore,
    private readonly outbox: WebhookOutbox,
    private readonly processors: ProcessorRunner,
    private readonly endpoints: WebhookEndpointsProjection,
    private readonly accounts: AccountDirectory,
  ) {}

  async handle(event: StoredEvent, manager: EntityManager): Promise<void> {
    const lookups = {
      accountIdOf: async (email: string) => {
        await this.readModelsAt(event, ['UserRegistered']);
        return this.accounts.idOf(email);
      },
    };
    const message = await webhookMessageOf(event, this.store, lookups);
    if (!message) return;
    await this.readModelsAt(event, this.endpoints.handles);
    await this.outbox.enqueue(manager, event, message);
  }

  /** The read models built from `eventTypes` have reached `event`; if not, the runner retries it. */
  private async readModelsAt(event: StoredEvent, eventTypes: readonly string[]): Promise<void> {
    const { failed, timedOut } = await this.processors.waitForProjections(event.globalPosition, eventTypes);
    if (failed.length || timedOut.length) throw new Error(`Read models not up to event ${event.globalPosition}: ${[...failed, ...timedOut].join(', ')}`);
  }
}
