import type { StoredEvent } from './event-store.port.js';

type Read = (after: bigint, limit: number) => Promise<StoredEvent[]>;

/**
 * Every processor of an instance follows the same log: woken by the same append, they all ask at
 * once for the events after the same position. The first asks the database and the others share its
 * answer while it is in flight. Nothing is kept after: a later reader may find more events.
 */
export class SharedReads {
  private readonly inFlight = new Map<string, Promise<StoredEvent[]>>();

  constructor(private readonly read: Read) {}

  readAll(after: bigint, limit: number): Promise<StoredEvent[]> {
    const key = `${after}:${limit}`;
    const shared = this.inFlight.get(key);
    if (shared) return shared;
    const batch = this.read(after, limit).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, batch);
    return batch;
  }
}
