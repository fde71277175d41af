import { Injectable } from '@nestjs/common';
import type { EventLogEntry } from '@tallyline/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../platform/projections/processor.js';

export function toEventLogEntry(event: StoredEvent): EventLogEntry {
  return {
    id: event.eventId,
    position: event.globalPosition.toString(),
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    type: event.type,
    data: event.data as Record<string, unknown>,
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

  /**
   * Each column travels as one array: PostgreSQL parses every payload on its own, about half the work
   * of spreading one document holding the whole chunk (what `writeRows` does).
   */
  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO event_log (position, event_id, stream_id, stream_version, type, data, metadata, actor_id, recorded_at)
       SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::int[], $5::text[], $6::text[]::jsonb[], $7::text[]::jsonb[], $8::text[], $9::timestamptz[])
       ON CONFLICT DO NOTHING`,
      [
        events.map((event) => event.globalPosition.toString()),
        events.map((event) => event.eventId),
        events.map((event) => event.streamId),
        events.map((event) => event.streamVersion),
        events.map((event) => event.type),
        events.map((event) => JSON.stringify(event.data)),
        events.map((event) => JSON.stringify(event.metadata)),
        events.map((event) => event.metadata.actor?.id ?? ''),
        events.map((event) => event.recordedAt),
      ],
    );
  }
}
