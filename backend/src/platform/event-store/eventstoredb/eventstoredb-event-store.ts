import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Direction,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import {
  assertExpectedVersion,
  EventStore,
  START,
  WrongExpectedVersionError,
  type AppendResult,
  type EventMetadata,
  type EventSubscription,
  type ExpectedVersion,
  type NewEvent,
  type ReadStreamOptions,
  type StoredEvent,
} from '../event-store.port.js';
import { UpcasterRegistry } from '../upcasting.js';

/** The part of the client this adapter uses; tests pass a hand-made one. */
export type EventStoreDbClient = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

export interface EventStoreDbOptions {
  /** The client waits forever on a server that accepts TCP but never answers, so every call is bounded. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** readAll cannot filter server-side in this client version, so $all is scanned in bounded pages. */
const MAX_PAGE = 1_000;
const HEAD_PAGE = 32;

/**
 * A global position is the event's $all commit position. Every append (gRPC has no explicit transactions)
 * writes each event as its own self-committing prepare record, and $all reports such an event at
 * commit = prepare = its own log position (KurrentDB AllReader: `CommitEventRecord(event, event.LogPosition)`),
 * so events of one append do NOT share a commit position and the commit alone is unique, strictly increasing
 * in $all order, fits PostgreSQL's bigint checkpoints and decodes back to {commit, prepare}. Only legacy
 * explicit transactions (old TCP clients) share a commit; those are refused rather than given positions a
 * checkpoint could skip. The log starts with an epoch record, so no event sits at 0 and START stays free.
 */
export function encodePosition(position: Position): bigint {
  if (position.commit !== position.prepare) {
    throw new Error(
      `EventStoreDB event at commit ${position.commit} / prepare ${position.prepare} comes from an explicit transaction, which this adapter does not support`,
    );
  }
  return position.commit;
}

/** Only positions this adapter handed out (or START) are valid: others need not fall on a log record. */
export function decodePosition(globalPosition: bigint): ReadPosition {
  return globalPosition === START ? ESDB_START : { commit: globalPosition, prepare: globalPosition };
}

export class EventStoreDbEventStore extends EventStore {
  private readonly timeoutMs: number;

  static async connect(connectionString: string, upcasters: UpcasterRegistry, options?: EventStoreDbOptions): Promise<EventStoreDbEventStore> {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString), upcasters, options);
  }

  constructor(
    private readonly client: EventStoreDbClient,
    private readonly upcasters = new UpcasterRegistry(),
    options: EventStoreDbOptions = {},
  ) {
    super();
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    assertExpectedVersion(expected);
    const withIds = events.map((e) => ({ ...e, eventId: e.eventId ?? randomUUID() }));
    const data = withIds.map((e) =>
      jsonEvent({ id: e.eventId, type: e.type, data: e.data as JSONType, metadata: e.metadata }),
    );
    let result;
    try {
      result = await this.withTimeout(
        `appendToStream(${streamId}) (the append may still have happened)`,
        this.client.appendToStream(streamId, data, { expectedRevision: toExpectedRevision(expected) }),
      );
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedVersionError(streamId, expected, actual);
      }
      throw error;
    }
    const firstVersion = Number(result.nextExpectedRevision) - withIds.length + 1;
    // The answer carries no timestamp (recordedAt is our clock then) and only the last event's position, so
    // the earlier events of a batch are read back: callers checkpoint on any of them.
    const single = withIds.length === 1 ? withIds[0] : undefined;
    const recorded = single
      ? [{ id: single.eventId, position: result.position, created: new Date() }]
      : await this.collect(this.client.readStream(streamId, { fromRevision: BigInt(firstVersion), maxCount: withIds.length }), streamId);
    const stored = withIds.map((e, i): StoredEvent => {
      const back = recorded[i];
      if (back?.id !== e.eventId) throw new Error(`EventStoreDB read back a different event at ${streamId}@${firstVersion + i}`);
      return {
        ...e,
        streamId,
        streamVersion: firstVersion + i,
        globalPosition: encodePosition(requirePosition(back.position, e.eventId)),
        recordedAt: back.created,
      };
    });
    const last = stored.at(-1);
    if (!last) throw new Error('append needs at least one event');
    return { nextExpectedVersion: last.streamVersion, lastPosition: last.globalPosition, events: stored };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const from = options.from ?? 0;
    const to = options.to ?? Infinity;
    if (to < from) return [];
    const read = this.client.readStream(streamId, {
      fromRevision: BigInt(from),
      direction: FORWARDS,
      ...(Number.isFinite(to) ? { maxCount: to - from + 1 } : {}),
    });
    try {
      const events = await this.collect(read, streamId);
      return events
        .filter((e) => Number(e.revision) <= to && (!options.untilTime || e.created <= options.untilTime))
        .map((e) => this.toStored(e));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  async readAll(after: bigint, limit: number): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    if (limit <= 0) return events;
    // +1: a forward read includes the event at its start position, which is `after` itself.
    for await (const event of this.scanAll(FORWARDS, after === START ? undefined : after, Math.min(limit + 1, MAX_PAGE))) {
      if (!isUserEvent(event)) continue;
      events.push(this.toStored(event));
      if (events.length >= limit) break;
    }
    return events;
  }

  async headPosition(): Promise<bigint> {
    for await (const event of this.scanAll(BACKWARDS, undefined, HEAD_PAGE)) {
      if (isUserEvent(event)) return encodePosition(requirePosition(event.position, event.id));
    }
    return START;
  }

  subscribe(after: bigint, options: { batchSize?: number } = {}): EventSubscription {
    const batchSize = options.batchSize ?? 500;
    const source = this.client.subscribeToAll({ fromPosition: decodePosition(after), filter: excludeSystemEvents() });
    const buffered: StoredEvent[] = [];
    let failure: unknown;
    let closed = false;
    let wake = () => {};
    const fail = (error: unknown) => {
      if (closed || failure) return;
      failure = error;
      wake();
    };
    // The server confirms a subscription at once; silence means it will never deliver anything.
    const unconfirmed = setTimeout(() => fail(this.timeoutError('subscribeToAll')), this.timeoutMs);
    source.once('confirmation', () => clearTimeout(unconfirmed));
    source.on('error', fail);
    // A live subscription never ends by itself: report it, so the consumer resubscribes from its checkpoint.
    source.on('end', () => fail(new Error('EventStoreDB ended the subscription')));
    source.on('data', (resolved: AllStreamResolvedEvent) => {
      clearTimeout(unconfirmed);
      try {
        const event = resolved.event;
        if (!event || !isUserEvent(event)) return;
        const stored = this.toStored(event);
        // Whether the server repeats the checkpoint event is not part of its contract: never hand it out twice.
        if (stored.globalPosition <= after) return;
        buffered.push(stored);
      } catch (error) {
        fail(error);
        return;
      }
      if (buffered.length >= batchSize) source.pause();
      wake();
    });

    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        closed = true;
        clearTimeout(unconfirmed);
        wake();
        try {
          await this.withTimeout('unsubscribe', source.unsubscribe());
        } finally {
          source.destroy();
        }
      })());

    async function* batches(): AsyncGenerator<StoredEvent[]> {
      try {
        for (;;) {
          if (closed) return;
          if (buffered.length > 0) {
            const batch = buffered.splice(0, batchSize);
            if (source.isPaused()) source.resume();
            yield batch;
            continue;
          }
          if (failure) throw failure as Error; // whatever the client emitted on 'error'
          await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        stop().catch(() => undefined);
      }
    }

    const iterator = batches();
    return {
      [Symbol.asyncIterator]: () => iterator,
      async close() {
        const stopped = stop();
        await iterator.return(undefined);
        await stopped;
      },
    };
  }

  async close(): Promise<void> {
    await this.withTimeout('dispose', this.client.dispose());
  }

  /** $all page by page, strictly after `after` in `direction` (from the matching end when undefined). */
  private async *scanAll(direction: Direction, after: bigint | undefined, pageSize: number): AsyncGenerator<RecordedEvent & { position: Position }> {
    let cursor = after;
    for (;;) {
      const fromPosition = cursor !== undefined ? decodePosition(cursor) : direction === FORWARDS ? ESDB_START : END;
      let count = 0;
      for await (const { event } of this.timed(this.client.readAll({ direction, fromPosition, maxCount: pageSize }), 'readAll')) {
        count++;
        if (!event) continue;
        const position = encodePosition(event.position);
        if (cursor !== undefined && (direction === FORWARDS ? position <= cursor : position >= cursor)) continue;
        cursor = position;
        yield event;
      }
      if (count < pageSize) return;
    }
  }

  private async collect(read: StreamingRead<{ event?: RecordedEvent }>, streamId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for await (const { event } of this.timed(read, `readStream(${streamId})`)) if (event) events.push(event);
    return events;
  }

  /** Bounds the wait for each next event rather than the whole read, so long reads still work. */
  private async *timed<T>(read: StreamingRead<T>, what: string): AsyncGenerator<T> {
    const items = read[Symbol.asyncIterator]();
    let complete = false;
    try {
      for (;;) {
        const next = await this.withTimeout(what, items.next());
        if (next.done) {
          complete = true;
          return;
        }
        yield next.value;
      }
    } finally {
      // Stop the server streaming what nobody reads, without waiting on a connection that may be dead.
      if (!complete) read.cancel().catch(() => undefined);
      read.destroy();
    }
  }

  private async withTimeout<T>(what: string, call: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(this.timeoutError(what)), this.timeoutMs);
    });
    try {
      return await Promise.race([call, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  private timeoutError(what: string): Error {
    return new Error(`EventStoreDB ${what} did not answer within ${this.timeoutMs} ms`);
  }

  private toStored(event: RecordedEvent): StoredEvent {
    return this.upcasters.upcast({
      eventId: event.id,
      type: event.type,
      data: event.data,
      metadata: event.metadata as EventMetadata,
      streamId: event.streamId,
      streamVersion: Number(event.revision),
      globalPosition: encodePosition(requirePosition(event.position, event.id)),
      recordedAt: event.created,
    });
  }
}

/** Our four expectations are the client's four; idempotent retries are the server's own rule. */
function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

/** System events: `$`-typed ones and anything on a `$` stream (stats, settings, metadata, links). */
function isUserEvent(event: RecordedEvent): boolean {
  return !event.type.startsWith('$') && !event.streamId.startsWith('$');
}

function requirePosition(position: Position | undefined, eventId: string): Position {
  if (!position) throw new Error(`EventStoreDB did not report the position of event ${eventId}; this adapter needs server 22.6 or later`);
  return position;
}
