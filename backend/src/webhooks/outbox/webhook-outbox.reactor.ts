import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountDirectory } from '../../identity/index.js';
import { EventStore, type StoredEvent } from '../../platform/event-store/event-store.port.js';
import { mapLimited } from '../../platform/map-limited.js';
import { AsProcessor, type Reactor } from '../../platform/projections/processor.js';
import { ReadModelsBehind } from '../../platform/projections/processor-errors.js';
import { ProcessorRunner } from '../../platform/projections/processor-runner.js';
import { WebhookEndpointsProjection } from '../read-models/webhook-endpoints.projection.js';
import { WebhookFormats } from './webhook-formats.js';
import type { WebhookLookups } from './webhook-messages.js';
import { WebhookOutbox } from './webhook-outbox.js';

/** How long an event waits for the read models it needs before the runner retries it. */
const READ_MODEL_WAIT_MS = 5_000;
/** Messages made at once in a batch: most read their stream, on the shared pool. */
const MESSAGES_AT_ONCE = 4;

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
    private readonly accounts: AccountDirectory,
  ) {}

  /** Read when events come: other features register their formats at module init, after this is made. */
  get handles(): string[] {
    return this.formats.handles();
  }

  /**
   * Waits for the endpoints' projection before the batch's transaction opens: that transaction's id
   * holds every later event back from every subscriber while it is open.
   */
  async prepare(events: readonly StoredEvent[]): Promise<void> {
    const last = events.at(-1);
    if (last) await this.readModelsAt(last, [this.endpoints.name]);
  }

  handle(event: StoredEvent, manager: EntityManager): Promise<void> {
    return this.handleBatch([event], manager);
  }

  /**
   * A batch in one INSERT: a reactor writing a statement per event fell behind at a few hundred
   * events a second. Formats no enabled endpoint uses are skipped: their messages cost a read of
   * the stream each and would match no endpoint.
   */
  async handleBatch(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    const last = events.at(-1);
    if (!last) return;
    await this.readModelsAt(last, [this.endpoints.name]); // prepare waited for it: returns at once
    const rows = await manager.query<{ format: string }[]>('SELECT DISTINCT format FROM webhook_endpoints WHERE enabled');
    const used = new Set(rows.map((row) => row.format));
    if (used.size === 0) return;
    const messages = await mapLimited(events, MESSAGES_AT_ONCE, async (event) =>
      (await this.formats.messagesOf(event, this.store, this.lookupsAt(event), used)).map(({ format, message }) => ({ event, message, format })),
    );
    await this.outbox.enqueueAll(manager, messages.flat());
  }

  /** What a message may look up besides the log, as of the event's position. */
  private lookupsAt(event: StoredEvent): WebhookLookups {
    return {
      accountIdOf: async (email: string) => {
        await this.readModelsAt(event, [this.accounts.projection]);
        return this.accounts.idOf(email);
      },
    };
  }

  /**
   * The named projections have reached `event`; if not, the runner retries it. Only those: waiting
   * for every projection of the event's type would hold webhooks up behind the slowest (the audit log).
   */
  private async readModelsAt(event: StoredEvent, names: string[]): Promise<void> {
    const behind = () => names.filter((name) => this.processors.position(name) < event.globalPosition);
    await this.processors.watcher.until(() => behind().every((name) => this.processors.failure(name)), READ_MODEL_WAIT_MS);
    const late = behind();
    const failed = late.filter((name) => this.processors.failure(name));
    if (failed.length) throw new Error(`Read models not up to event ${event.globalPosition}: ${failed.map((n) => `${n} failed`).join(', ')}`);
    if (late.length) throw new ReadModelsBehind(event.globalPosition, late);
  }
}

