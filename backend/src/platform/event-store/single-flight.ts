import type { StoredEvent } from './event-store.port.js';

/**
 * Every processor of an instance follows the same log: woken by the same append, they all ask at
 * once the same question (the events after a position, whether any are held back there). The first
 * asks the database and the others share its answer while it is in flight. Nothing is kept after:
 * a later caller may get another answer.
 */
export class SingleFlight<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  run(key: string, ask: () => Promise<T>): Promise<T> {
    const shared = this.inFlight.get(key);
    if (shared) return shared;
    const answer = ask().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, answer);
    return answer;
  }
}

interface Questions {
  read(after: bigint, limit: number): Promise<StoredEvent[]>;
  hasUnsettled(after: bigint): Promise<boolean>;
}

/**
 * A subscription's two questions, shared only among callers of the same wake-up generation: a read
 * begun before an append was announced may miss that event, and a subscriber that has counted the
 * announcement as seen would then sleep past its event (read-your-writes timed out so under load).
 */
export function sharedPerWakeUp(wakeUps: { readonly generation: number }, ask: Questions): Questions {
  const batches = new SingleFlight<StoredEvent[]>();
  const heldBack = new SingleFlight<boolean>();
  return {
    read: (after, limit) => batches.run(`${wakeUps.generation}:${after}:${limit}`, () => ask.read(after, limit)),
    hasUnsettled: (after) => heldBack.run(`${wakeUps.generation}:${after}`, () => ask.hasUnsettled(after)),
  };
}
