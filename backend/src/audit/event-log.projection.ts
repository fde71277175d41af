import { Injectable } from '@nestjs/common';
import type { EventLogEntry } from '@tallyline/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../platform/projections/processor.js';
import { writeRows } from '../platform/projections/rebuild/bulk-rows.js';
import { EventLogView } from './event-log.entity.js';
import { withoutCredentials } from './without-credentials.js';

export function toEventLogEntry(event: StoredEvent): EventLogEntry {
  return {
    id: event.eventId,
    position: event.globalPosition.toString(),
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    type: event.type,
    data: withoutCredentials(event.data as Record<string, unknown>),
    metadata: event.metadata,
    recordedAt: event.recordedAt.toISOString(),
  };
}

@AsProcessor()
@Injectable()
export class EventLogProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'event-log';
  readonly tables = ['event_log'];

  async handle(event: StoredEvent, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO event_log (position, event_id, stream_id, stream_version, type, data, metadata, actor_id, recorded_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9) ON CONFLICT DO NOTHING`,
      [
        event.globalPosition.toString(),
        event.eventId,
        event.streamId,
        event.streamVersion,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
        event.metadata.actor?.id ?? '',
        event.recordedAt,
      ],
    );
  }

  /** Live batches in one statement, as a replay writes them: every event of every type lands here. */
  handleBatch(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    return this.rebuildChunk(events, manager);
  }

  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    const rows = events.map(
      (event): EventLogView => ({
        position: event.globalPosition.toString(),
        eventId: event.eventId,
        streamId: event.streamId,
        streamVersion: event.streamVersion,
        type: event.type,
        data: event.data as Record<string, unknown>,
        metadata: event.metadata,
        actorId: event.metadata.actor?.id ?? '',
        recordedAt: event.recordedAt,
      }),
    );
    await writeRows(manager, EventLogView, rows, 'ignore');
  }
}
