import type { DomainEvent } from '../commands/decider.js';
import type { StoredEvent } from './event-store.port.js';

/** One of a stream's typed events as stored: `type` and `data` narrowed together. */
export type Stored<E extends DomainEvent> = E extends DomainEvent ? StoredEvent<E['type'], E['data']> : never;

/**
 * The typed guard of one stream's events, so projections and reactors narrow a StoredEvent without a
 * cast. The record must name every type of the union: the compiler refuses one missing.
 */
export function eventGuard<E extends DomainEvent>(types: Record<E['type'], true>) {
  return (stored: StoredEvent): stored is Stored<E> => Object.hasOwn(types, stored.type);
}
