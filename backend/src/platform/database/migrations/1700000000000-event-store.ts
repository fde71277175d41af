import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The PostgreSQL event store and the processors' checkpoints.
 *
 * global_position encodes (transaction id << 20) + index of the event within its transaction, so
 * ordering by it is ordering by (transaction id, index). Readers only see events whose transaction id
 * is below the oldest transaction still running (pg_snapshot_xmin): those can never be joined by an
 * earlier position, so a subscriber that reads "after N" never skips an event committed late.
 *
 * append_events sends no NOTIFY itself: PostgreSQL serializes the commits of notifying transactions,
 * which would throttle concurrent writers. The adapter announces new events right after the commit.
 */
export class EventStore1700000000000 implements MigrationInterface {
  name = 'EventStore1700000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE events (
        global_position bigint PRIMARY KEY,
        transaction_id xid8 NOT NULL,
        event_id uuid NOT NULL CONSTRAINT events_event_id_key UNIQUE,
        stream_id text NOT NULL,
        stream_version integer NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version)
      )`);
    await q.query(`CREATE INDEX events_type_idx ON events (type, global_position)`);
    await q.query(`CREATE INDEX events_recorded_at_idx ON events (recorded_at)`);
    await q.query(`
      CREATE FUNCTION append_events(p_stream text, p_expected integer, p_events jsonb)
      RETURNS TABLE (global_position bigint, stream_version integer, recorded_at timestamptz)
      LANGUAGE plpgsql AS $$
      DECLARE
        v_count integer := jsonb_array_length(p_events);
        v_current integer;
        v_offset integer := coalesce(nullif(current_setting('tallyline.tx_events', true), ''), '0')::integer;
      BEGIN
        -- p_expected: -1 any, -2 no stream, n the version of the last event the caller saw
        SELECT max(e.stream_version) INTO v_current FROM events e WHERE e.stream_id = p_stream;
        IF (p_expected = -2 AND v_current IS NOT NULL)
           OR (p_expected >= 0 AND v_current IS DISTINCT FROM p_expected) THEN
          RAISE EXCEPTION 'wrong_expected_version' USING DETAIL = coalesce(v_current, -1)::text;
        END IF;
        IF v_offset + v_count >= 1048576 THEN
          RAISE EXCEPTION 'too many events in one transaction';
        END IF;
        PERFORM set_config('tallyline.tx_events', (v_offset + v_count)::text, true);
        RETURN QUERY
          INSERT INTO events AS e (global_position, transaction_id, event_id, stream_id, stream_version, type, data, metadata)
          SELECT (pg_current_xact_id()::text::bigint << 20) + v_offset + x.ord,
                 pg_current_xact_id(), (x.ev->>'eventId')::uuid, p_stream,
                 coalesce(v_current, -1) + x.ord::integer, x.ev->>'type', x.ev->'data', x.ev->'metadata'
          FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(ev, ord)
          RETURNING e.global_position, e.stream_version, e.recorded_at;
      END $$`);
    await q.query(`
      CREATE TABLE processor_checkpoints (
        name text PRIMARY KEY,
        position bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE processor_checkpoints`);
    await q.query(`DROP FUNCTION append_events(text, integer, jsonb)`);
    await q.query(`DROP TABLE events`);
  }
}
