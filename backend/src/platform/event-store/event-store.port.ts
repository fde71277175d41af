/**
 * The event store port. Adapters: PostgreSQL (default) and EventStoreDB.
 *
 * Global positions are bigint and only comparable within one store: for PostgreSQL they encode
 * (transaction id, index in batch), for EventStoreDB they are the commit position. They are not dense.
 */
export type ActorType = 'user' | 'staff' | 'api_key' | 'system';

export interface EventMetadata {
  actor: { type: ActorType; id: string };
  correlationId: string;
  causationId: string;
  schemaVersion: number;
  ip?: string;
  userAgent?: string;
  [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  eventId?: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface StoredEvent<Type extends string = string, Data = unknown> {
  eventId: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  streamId: string;
  /** 0-based index of the event within its stream. */
  streamVersion: number;
  globalPosition: bigint;
  recordedAt: Date;
}

/**
 * The official EventStoreDB client's four: a number is the version of the last event the caller saw
 * (0-based, the stream must be exactly there); `no_stream` the stream must not exist; `stream_exists` it
 * must; `any` no check.
 */
export type ExpectedVersion = number | 'no_stream' | 'stream_exists' | 'any';

/** A revision is a stream version (adapters encode the other three as negative numbers or constants). */
export function assertExpectedVersion(expected: ExpectedVersion): void {
  if (typeof expected === 'number' && !(Number.isInteger(expected) && expected >= 0)) {
    throw new Error(`Invalid expected version ${expected}: a revision is a stream version (0 or more)`);
  }
}

export interface AppendResult {
  /** Stream version of the last appended event. */
  nextExpectedVersion: number;
  /** Global position of the last appended event: what a reader waits for. */
  lastPosition: bigint;
  events: StoredEvent[];
}

export interface ReadStreamOptions {
  /** Inclusive stream version to start from. */
  from?: number;
  /** Inclusive stream version to stop at. */
  to?: number;
  /** Only events recorded at or before this instant (time travel). */
  untilTime?: Date;
}

export interface EventSubscription extends AsyncIterable<StoredEvent[]> {
  close(): Promise<void>;
}

export const START: bigint = 0n;

export abstract class EventStore {
  /**
   * Atomic for the batch. Appending again events whose ids are already stored in this stream, one after
   * another (a retried append), is an idempotent success: nothing is written and the stored events are
   * returned, when the expected version admits them (`any`, `stream_exists`, or the version just before
   * them; EventStoreDB's rule). A batch only partly stored, or stored elsewhere than the expected version
   * says, is a WrongExpectedVersionError. Reusing an event id for a different event (in another stream,
   * or elsewhere in this one) is a caller bug: PostgreSQL refuses it with DuplicateEventIdError, while
   * EventStoreDB, which only looks for ids within the stream, stores it.
   */
  abstract append(streamId: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult>;
  abstract readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /** Events after `after` (exclusive) in global order, at most `limit`. */
  abstract readAll(after: bigint, limit: number): Promise<StoredEvent[]>;
  /** Catch up from `after` (exclusive), then stay live; yields non-empty batches in global order. */
  abstract subscribe(after: bigint, options?: { batchSize?: number }): EventSubscription;
  /** The position of the newest event, for progress reporting. */
  abstract headPosition(): Promise<bigint>;
  abstract close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  readonly code = 'version_mismatch';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId} expected version ${String(expected)} but is at ${String(actual)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/** An event id already names a different stored event (PostgreSQL keeps event ids unique store-wide). */
export class DuplicateEventIdError extends Error {
  readonly code = 'duplicate_event_id';
  constructor(
    readonly streamId: string,
    readonly eventId: string,
  ) {
    super(`Event id ${eventId} is already stored for a different event; it cannot be appended to ${streamId}`);
    this.name = 'DuplicateEventIdError';
  }
}
