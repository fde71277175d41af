import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Every event of every stream (projection "event-log"), for the compliance event browser. A copy in
 * PostgreSQL because the browser filters and sorts by stream, type, actor and time, which neither
 * event store adapter can answer without scanning everything (EventStoreDB cannot filter $all here).
 */
@Entity('event_log')
export class EventLogView {
  /** Global position (bigint) as text. */
  @PrimaryColumn('bigint') position: string;
  @Column('uuid', { name: 'event_id' }) eventId: string;
  @Column('text', { name: 'stream_id' }) streamId: string;
  @Column('integer', { name: 'stream_version' }) streamVersion: number;
  @Column('text') type: string;
  @Column('jsonb') data: Record<string, unknown>;
  @Column('jsonb') metadata: Record<string, unknown>;
  @Column('text', { name: 'actor_id' }) actorId: string;
  @Column('timestamptz', { name: 'recorded_at' }) recordedAt: Date;
}
