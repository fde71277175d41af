import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * append_events with EventStoreDB's expected-version and idempotency rules (see EventStore.append), and a
 * guard that keeps global order in line with stream order.
 *
 * p_expected: -1 any, -2 no stream, -3 stream exists, n the version of the last event the caller saw.
 *
 * Order guard: a position is (transaction id, index), and a transaction gets its id at its first write. A
 * transaction that wrote earlier and appends to a stream only now could follow an event of a newer
 * transaction in the stream while sorting before it in global order. Such an append fails with
 * serialization_failure: retrying the transaction gives it a newer id. A lone append takes its id after
 * reading the stream, so it never trips this.
 */
export class EventStoreSemantics1700000000300 implements MigrationInterface {
  name = 'EventStoreSemantics1700000000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION append_events(p_stream text, p_expected integer, p_events jsonb)
      RETURNS TABLE (global_position bigint, stream_version integer, recorded_at timestamptz)
      LANGUAGE plpgsql AS $$
      DECLARE
        v_count integer := jsonb_array_length(p_events);
        v_ids uuid[] := ARRAY(SELECT (x.ev->>'eventId')::uuid FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(ev, ord) ORDER BY x.ord);
        v_current integer;
        v_last_transaction xid8;
        v_from integer;
        v_stored integer;
        v_offset integer := coalesce(nullif(current_setting('tallyline.tx_events', true), ''), '0')::integer;
      BEGIN
        SELECT e.stream_version, e.transaction_id INTO v_current, v_last_transaction
          FROM events e WHERE e.stream_id = p_stream ORDER BY e.stream_version DESC LIMIT 1;
        IF (p_expected = -3 AND v_current IS NULL) OR (p_expected >= 0 AND p_expected > coalesce(v_current, -1)) THEN
          RAISE EXCEPTION 'wrong_expected_version' USING DETAIL = coalesce(v_current, -1)::text;
        END IF;
        -- Where the batch would sit if this append repeats one already stored.
        IF p_expected IN (-1, -3) THEN
          SELECT e.stream_version INTO v_from FROM events e WHERE e.event_id = v_ids[1] AND e.stream_id = p_stream;
        ELSIF coalesce(v_current, -1) > greatest(p_expected, -1) THEN
          v_from := greatest(p_expected, -1) + 1;
        END IF;
        IF v_from IS NOT NULL THEN
          SELECT count(*) INTO v_stored
            FROM unnest(v_ids) WITH ORDINALITY AS i(id, ord)
            JOIN events e ON e.event_id = i.id AND e.stream_id = p_stream AND e.stream_version = v_from + i.ord::integer - 1;
          IF v_stored < v_count THEN
            RAISE EXCEPTION 'wrong_expected_version' USING DETAIL = v_current::text;
          END IF;
          RETURN QUERY SELECT e.global_position, e.stream_version, e.recorded_at FROM events e
            WHERE e.stream_id = p_stream AND e.stream_version >= v_from AND e.stream_version < v_from + v_count
            ORDER BY e.stream_version;
          RETURN;
        END IF;
        IF v_last_transaction > pg_current_xact_id() THEN
          RAISE EXCEPTION 'stream % was appended by a newer transaction; retry this transaction', p_stream
            USING ERRCODE = 'serialization_failure';
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
  }

  async down(): Promise<void> {
    // The old function would take appends this one refuses (a stream_exists code it reads as a revision).
    throw new Error('append_events cannot be downgraded; restore a backup taken before this migration');
  }
}
