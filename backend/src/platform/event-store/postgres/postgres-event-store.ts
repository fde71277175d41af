import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { StartRefused } from '../../lifecycle.js';
import {
  assertExpectedVersion,
  DuplicateEventIdError,
  EventStore,
  WrongExpectedVersionError,
  type AppendResult,
  type EventSubscription,
  type ExpectedVersion,
  type NewEvent,
  type ReadStreamOptions,
  type StoredEvent,
} from '../event-store.port.js';
import { SharedFeed } from '../shared-feed.js';
import { UpcasterRegistry } from '../upcasting.js';
import { WakeUpListener } from './wake-up-listener.js';
import { pollingSubscription } from '../subscription.js';

const CHANNEL = 'tallyline_events';
const EVENT_COLUMNS = `global_position, event_id, stream_id, stream_version, type, data, metadata, recorded_at`;
/**
 * Only events of transactions older than every running one: no earlier position can still appear. Written
 * as a bound on the position (which starts with the transaction id) so an index scan stops at the horizon
 * instead of filtering every unsettled event behind it, however many a long transaction holds back.
 */
const SETTLED = `global_position < (pg_snapshot_xmin(pg_current_snapshot())::text::bigint << 20)`;
/** append_events' codes for the expectations that are not a revision. */
const EXPECTED_CODES = { any: -1, no_stream: -2, stream_exists: -3 } as const;

interface EventRow {
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: StoredEvent['metadata'];
  recorded_at: Date;
}

export class PostgresEventStore extends EventStore {
  private readonly wakeUps: WakeUpListener;
  private readonly feed: SharedFeed;
  /** Signs this process's notifications, so that it does not wake itself twice for one append. */
  private readonly instance = randomUUID();

  constructor(
    private readonly pool: pg.Pool,
    private readonly upcasters = new UpcasterRegistry(),
  ) {
    super();
    this.wakeUps = new WakeUpListener(pool, CHANNEL, this.instance);
    // The processors' questions, asked once for all of them at the head.
    this.feed = new SharedFeed(this.wakeUps, {
      read: (from, limit) => this.readAll(from, limit),
      hasUnsettled: (from) => this.hasUnsettled(from),
    });
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const withIds = events.map((e) => ({ ...e, eventId: e.eventId ?? randomUUID() }));
    assertExpectedVersion(expected);
    const expectedCode = typeof expected === 'number' ? expected : EXPECTED_CODES[expected];
    for (let duplicateIds = 0; ; ) {
      try {
        const { rows } = await this.pool.query<{ global_position: string; stream_version: number; recorded_at: Date }>(
          'SELECT * FROM append_events($1, $2, $3::jsonb)',
          [streamId, expectedCode, JSON.stringify(withIds)],
        );
        const stored = withIds.map((event, i): StoredEvent => {
          const row = rows[i];
          if (!row) throw new Error(`append_events answered ${rows.length} rows for ${withIds.length} events on ${streamId}`);
          return { ...event, streamId, streamVersion: row.stream_version, globalPosition: BigInt(row.global_position), recordedAt: row.recorded_at };
        });
        this.announce();
        const last = stored.at(-1);
        if (!last) throw new Error('append needs at least one event');
        return { nextExpectedVersion: last.streamVersion, lastPosition: last.globalPosition, events: stored };
      } catch (error) {
        const pgError = error as pg.DatabaseError;
        if (pgError.message === 'wrong_expected_version') {
          const actual = Number(pgError.detail);
          throw new WrongExpectedVersionError(streamId, expected, actual < 0 ? 'no_stream' : actual);
        }
        // A concurrent append got in between our checks and our insert. Running the checks again decides:
        // a conflict, an idempotent success (it was the same append), or with 'any' simply the next version.
        if (pgError.code === '23505' && pgError.constraint === 'events_stream_version_key') continue;
        // The same, unless the id is still taken after a second look: then it names a different event.
        if (pgError.code === '23505' && pgError.constraint === 'events_event_id_key') {
          if (duplicateIds++ === 0) continue;
          const eventId = /\(event_id\)=\(([^)]+)\)/.exec(pgError.detail ?? '')?.[1] ?? 'unknown';
          throw new DuplicateEventIdError(streamId, eventId);
        }
        throw error;
      }
    }
  }

  /** Something committed after `after` but not yet settled (an older transaction still runs): look again soon. */
  async hasUnsettled(after: bigint): Promise<boolean> {
    // ORDER BY keeps it on the index. Without it, the generic plan PostgreSQL switches to after five
    // calls scanned the whole table from the oldest event (29 ms at 14,000 events), on every empty read.
    const { rows } = await this.pool.query('SELECT 1 FROM events WHERE global_position > $1 ORDER BY global_position LIMIT 1', [after.toString()]);
    return rows.length > 0;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
        WHERE stream_id = $1 AND stream_version >= $2 AND stream_version <= $3
          AND ($4::timestamptz IS NULL OR recorded_at <= $4)
        ORDER BY stream_version`,
      [streamId, options.from ?? 0, options.to ?? 2147483647, options.untilTime ?? null],
    );
    return rows.map((row) => this.toStored(row));
  }

  async readAll(after: bigint, limit: number): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position > $1 AND ${SETTLED}
        ORDER BY global_position LIMIT $2`,
      [after.toString(), limit],
    );
    return rows.map((row) => this.toStored(row));
  }

  /**
   * Positions start with the id of the writing transaction, so they only grow while the cluster's
   * transaction counter does. A logical dump restored into another cluster keeps the old positions but
   * not the counter: new events would sort before old ones and every subscriber would skip them.
   */
  async assertTransactionCounterAhead(): Promise<void> {
    const { rows } = await this.pool.query<{ stored: string | null; next: string }>(
      `SELECT (SELECT transaction_id FROM events ORDER BY global_position DESC LIMIT 1)::text AS stored,
              pg_snapshot_xmax(pg_current_snapshot())::text AS next`,
    );
    // A SELECT without FROM answers exactly one row.
    const { stored, next } = rows[0]!;
    if (stored === null || BigInt(stored) < BigInt(next)) return;
    throw new StartRefused(
      `Cannot use this event store: the events table holds positions from transaction ${stored}, ahead of this PostgreSQL cluster's transaction counter (${next}). ` +
        'The database was most likely restored from a logical dump (pg_dump/pg_restore) into another cluster; new events would sort before the restored ones and projections would never see them. ' +
        'Restore from a physical backup (pg_basebackup or a copy of the data directory) instead, or stop every app instance, re-base the positions with `npm run events:rebase` ' +
        "and rebuild the read models with `npm run replay` (README, Operations, 'Backup and restore').",
    );
  }

  async headPosition(): Promise<bigint> {
    const { rows } = await this.pool.query<{ head: string | null }>(
      `SELECT max(global_position) AS head FROM events WHERE ${SETTLED}`,
    );
    return BigInt(rows[0]?.head ?? 0);
  }

  /** For progress bars: how many settled events there are. */
  async countEvents(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE ${SETTLED}`);
    return Number(rows[0]?.n ?? 0);
  }

  subscribe(after: bigint, options: { batchSize?: number } = {}): EventSubscription {
    return pollingSubscription({
      after,
      batchSize: options.batchSize ?? 500,
      read: (from, limit, seen, first) => this.feed.read(from, limit, seen, first),
      hasUnsettled: (from) => this.feed.hasUnsettled(from),
      wakeUps: this.wakeUps,
    });
  }

  async close(): Promise<void> {
    await this.wakeUps.close();
  }

  private announcing = false;
  private announceAgain = false;

  /**
   * Wakes subscribers here at once and, through NOTIFY, in every other process. Coalesced to one
   * NOTIFY in flight, and outside the append's transaction (see the migration for why).
   */
  private announce(): void {
    this.wakeUps.wakeLocally();
    if (this.announcing) {
      this.announceAgain = true;
      return;
    }
    this.announcing = true;
    this.pool
      .query(`SELECT pg_notify('${CHANNEL}', $1)`, [this.instance])
      .catch(() => undefined)
      .finally(() => {
        this.announcing = false;
        if (this.announceAgain) {
          this.announceAgain = false;
          this.announce();
        }
      });
  }

  private toStored(row: EventRow): StoredEvent {
    return this.upcasters.upcast({
      eventId: row.event_id,
      type: row.type,
      data: row.data,
      metadata: row.metadata,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      globalPosition: BigInt(row.global_position),
      recordedAt: row.recorded_at,
    });
  }
}
