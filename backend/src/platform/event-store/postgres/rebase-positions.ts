import type pg from 'pg';
import { APP_CONNECTION_PREFIX } from '../../database/listening-connection.js';

export interface RebaseResult {
  /** False when the stored positions were already behind the counter: nothing changed. */
  rebased: boolean;
  events: number;
  checkpoints: number;
}

const PER_TRANSACTION = 2n ** 20n;

/**
 * After a logical restore into another cluster (see assertTransactionCounterAhead): renumbers every event
 * 1, 2, 3… in its global order, as if written by transactions 0, 1, 2… of 2^20 events each, moves each
 * processor checkpoint to the new position of the last event it had seen (and each recorded failure and
 * dead letter to that of its event), then advances the cluster's
 * transaction counter past them so new events sort after. One transaction; run it with the app stopped.
 * Read models keep the old positions they copied (the event log's), so rebuild them afterwards (replay):
 * every processor with a checkpoint is listed in read_models_outdated until its replay.
 */
export async function rebasePositions(pool: pg.Pool): Promise<RebaseResult> {
  const client = await pool.connect();
  let events: number;
  let checkpoints: number;
  try {
    await client.query('BEGIN');
    // No append may slip in between numbering and renumbering.
    await client.query('LOCK TABLE events IN EXCLUSIVE MODE');
    const { rows } = await client.query<{ stored: string | null; next: string }>(
      `SELECT (SELECT transaction_id FROM events ORDER BY global_position DESC LIMIT 1)::text AS stored,
              pg_snapshot_xmax(pg_current_snapshot())::text AS next`,
    );
    // A SELECT without FROM answers exactly one row.
    const { stored, next } = rows[0]!;
    if (stored === null || BigInt(stored) < BigInt(next)) {
      await client.query('ROLLBACK');
      return { rebased: false, events: 0, checkpoints: 0 };
    }
    await refuseWhileAppRuns(client);
    await client.query(
      `CREATE TEMP TABLE rebase_positions ON COMMIT DROP AS
         SELECT global_position AS old, row_number() OVER (ORDER BY global_position) AS new FROM events`,
    );
    await client.query('CREATE UNIQUE INDEX ON rebase_positions (old)');
    checkpoints = (
      await client.query(
        `UPDATE processor_checkpoints c
            SET position = coalesce((SELECT m.new FROM rebase_positions m WHERE m.old <= c.position ORDER BY m.old DESC LIMIT 1), 0)`,
      )
    ).rowCount!;
    // Read models keep the positions they copied: until a replay rebuilds them, processors must not start.
    await client.query('INSERT INTO read_models_outdated (name) SELECT name FROM processor_checkpoints ON CONFLICT (name) DO NOTHING');
    // A recorded failure or dead letter names the event it failed at: it follows that event.
    await client.query('UPDATE processor_failures f SET position = m.new FROM rebase_positions m WHERE f.position = m.old');
    await client.query('UPDATE processor_dead_letters d SET position = m.new FROM rebase_positions m WHERE d.position = m.old');
    // Through negative positions: an old position may equal a new one, and the primary key is checked row by row.
    await client.query('UPDATE events SET global_position = -global_position');
    events = (
      await client.query(
        `UPDATE events e SET global_position = m.new, transaction_id = (m.new >> 20)::text::xid8
           FROM rebase_positions m WHERE e.global_position = -m.old`,
      )
    ).rowCount!;
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  // Each statement outside a transaction block uses up one transaction id: new events must start above
  // the renumbered ones, whose last "transaction" is events / 2^20.
  const lastRebased = BigInt(events) / PER_TRANSACTION;
  for (;;) {
    const { rows } = await pool.query<{ id: string }>('SELECT pg_current_xact_id()::text AS id');
    if (BigInt(rows[0]!.id) > lastRebased) break; // a SELECT without FROM answers one row
  }
  return { rebased: true, events, checkpoints };
}

/**
 * A running instance keeps its processors' positions in memory and would go on from the old numbers
 * (and append meanwhile): every instance holds a listening connection, named with APP_CONNECTION_PREFIX.
 */
async function refuseWhileAppRuns(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ names: string | null; n: number }>(
    `SELECT string_agg(DISTINCT application_name, ', ') AS names, count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND starts_with(application_name, $1) AND pid <> pg_backend_pid()`,
    [APP_CONNECTION_PREFIX],
  );
  const { names, n } = rows[0]!; // an aggregate answers one row
  if (n > 0) throw new Error(`The app is still running on this database (${n} open connection${n === 1 ? '' : 's'}: ${names}). Stop every app instance, then run events:rebase again.`);
}
