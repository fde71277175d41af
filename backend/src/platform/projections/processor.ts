import { DiscoveryService } from '@nestjs/core';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../event-store/event-store.port.js';

/**
 * Something that consumes the global event order from its own checkpoint. Each batch's effects and
 * the checkpoint commit in one transaction (`manager`), so an event is applied exactly once.
 */
export interface EventProcessor {
  readonly name: string;
  /**
   * The event types it reacts to; others are skipped (the checkpoint still moves past them), and
   * read-your-writes waits for a projection only when the command appended one of these. Absent:
   * every event type.
   */
  readonly handles?: readonly string[];
  handle(event: StoredEvent, manager: EntityManager): Promise<void>;
  /**
   * Optional bulk path for live batches: applies `events` (only types it handles, in log order) as
   * `handle` would one by one, in fewer statements. Should it throw, the runner rolls its work back
   * and hands the same events to `handle` one by one, which finds the failing one.
   */
  handleBatch?(events: readonly StoredEvent[], manager: EntityManager): Promise<void>;
}

/** Builds read-model tables; can be rebuilt from position 0 at any time. */
export interface Projection extends EventProcessor {
  readonly kind: 'projection';
  /** The tables it owns: emptied before a replay. */
  readonly tables: readonly string[];
  /**
   * Optional bulk path for replays: folds a chunk of events (thousands) in memory and writes the
   * result with a few multi-row statements, leaving the tables exactly as `handle` would, event by
   * event. Without it a replay calls `handle` for each event.
   */
  rebuildChunk?(events: readonly StoredEvent[], manager: EntityManager): Promise<void>;
}

/** Turns events into side effects (outbox rows, e-mails); idempotent by event id, never replayed. */
export interface Reactor extends EventProcessor {
  readonly kind: 'reactor';
  /**
   * Waits the reactor needs before handling `events` (its own types only), such as for the read models
   * it looks up: run before the batch's transaction opens, because an open transaction holds back
   * every event appended after it began, for every subscriber on every instance.
   */
  prepare?(events: readonly StoredEvent[]): Promise<void>;
}

/** Marks a provider as a projection or reactor for the runner to pick up. */
export const AsProcessor = DiscoveryService.createDecorator<void>();

const handledTypes = new WeakMap<EventProcessor, ReadonlySet<string>>();

/** The events a processor is handed, live or in a replay: those of the types it `handles` (all when unsaid). */
export function handledBy(processor: EventProcessor, events: readonly StoredEvent[]): readonly StoredEvent[] {
  if (!processor.handles) return events;
  let types = handledTypes.get(processor);
  if (!types) handledTypes.set(processor, (types = new Set(processor.handles)));
  return events.filter((event) => types.has(event.type));
}

/** Only a reactor may go past an event it cannot handle; anything else stops there. */
export function isReactor(processor: EventProcessor): processor is Reactor {
  return (processor as Partial<Reactor>).kind === 'reactor';
}
