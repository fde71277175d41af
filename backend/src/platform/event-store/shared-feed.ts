import type { StoredEvent } from './event-store.port.js';
import { SingleFlight } from './single-flight.js';

interface Questions {
  read(after: bigint, limit: number): Promise<StoredEvent[]>;
  hasUnsettled(after: bigint): Promise<boolean>;
}

/** Enough for every processor of an instance to be a few batches apart and still share one read. */
const DEFAULT_CAPACITY = 5_000;

/**
 * One reader of the global log per app instance: the newest settled events it read are kept (a
 * contiguous range after `start`), and every subscriber whose position falls in that range is answered
 * from it. Only a subscriber at the head asks the database, and all those woken by the same
 * announcement share one read. A subscriber further behind (catching up, after a replay) reads on its
 * own until its position is in the range again.
 *
 * Settled reads never gain an earlier event later, so any range read once stays exactly what the log
 * holds there.
 */
export class SharedFeed {
  private events: StoredEvent[] = [];
  /** Exclusive lower end of the kept range; undefined until the first read. */
  private start: bigint | undefined;
  private head = 0n;
  /**
   * The wake-up generation at which a read that reached the settled end at `head` began: a subscriber
   * that saw no newer announcement can trust that nothing more was readable.
   */
  private confirmedAt: number | undefined;
  private readonly extending = new SingleFlight<void>();
  private readonly direct = new SingleFlight<StoredEvent[]>();
  private readonly heldBack = new SingleFlight<boolean>();

  constructor(
    private readonly wakeUps: { readonly generation: number },
    private readonly ask: Questions,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  /**
   * The events after `after`, at most `limit`. `seen` is the wake-up generation the caller has taken
   * into account: an answer of nothing comes from a read begun at that generation or later, so an
   * announcement the caller counts as seen is never missed. `own`: ask the database, not what was
   * kept (a subscription starts so: what it reads is then the log as it is now, even where the log
   * was emptied since, as tests do between cases).
   */
  async read(after: bigint, limit: number, seen: number, own = false): Promise<StoredEvent[]> {
    for (;;) {
      if (own || !this.covers(after)) return this.readDirect(after, limit);
      const kept = this.after(after, limit);
      if (kept.length > 0 || after < this.head) return kept;
      if (this.confirmedAt !== undefined && this.confirmedAt >= seen) return [];
      const generation = this.wakeUps.generation;
      const from = this.head;
      await this.extending.run(`${generation}`, async () => this.absorb(from, await this.ask.read(from, limit), limit, generation));
    }
  }

  /** Whether committed events after `after` are held back by an older running transaction; one question per wake-up. */
  hasUnsettled(after: bigint): Promise<boolean> {
    return this.heldBack.run(`${this.wakeUps.generation}:${after}`, () => this.ask.hasUnsettled(after));
  }

  private async readDirect(after: bigint, limit: number): Promise<StoredEvent[]> {
    const generation = this.wakeUps.generation;
    const batch = await this.direct.run(`${generation}:${after}:${limit}`, () => this.ask.read(after, limit));
    // A subscriber ahead of the kept range (or the first one) moves the range to where it reads; so
    // does a read that finds other events than those kept there (the log was emptied, as in tests).
    if (this.start === undefined || after > this.head || (this.covers(after) && !this.agrees(after, batch))) {
      this.events = [];
      this.start = after;
      this.head = after;
      this.confirmedAt = undefined;
    }
    if (this.covers(after)) this.absorb(after, batch, limit, generation);
    return batch;
  }

  /** The read begins with the events kept after `after`, and has nothing else below the head. */
  private agrees(after: bigint, batch: StoredEvent[]): boolean {
    const kept = this.after(after, Math.max(batch.length, 1));
    const next = batch[kept.length];
    return kept.every((event, i) => event.eventId === batch[i]?.eventId) && (next === undefined || next.globalPosition > this.head);
  }

  private covers(position: bigint): boolean {
    return this.start !== undefined && position >= this.start && position <= this.head;
  }

  private after(position: bigint, limit: number): StoredEvent[] {
    if (position === this.head) return [];
    // Positions are sorted: the first kept event after `position`, by binary search.
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.events[middle]!.globalPosition <= position) low = middle + 1;
      else high = middle;
    }
    return this.events.slice(low, low + limit);
  }

  /** Adds what a read from `from` (inside the kept range) found beyond the head. */
  private absorb(from: bigint, batch: StoredEvent[], limit: number, generation: number): void {
    if (!this.covers(from)) return;
    const end = batch.at(-1)?.globalPosition ?? from;
    const newer = batch.filter((event) => event.globalPosition > this.head);
    if (newer.length > 0) {
      this.events.push(...newer);
      this.head = end;
      this.confirmedAt = undefined;
    }
    // A short page is everything settled there was when the read began.
    if (batch.length < limit && end === this.head) this.confirmedAt = Math.max(this.confirmedAt ?? generation, generation);
    const excess = this.events.length - this.capacity;
    if (excess > 0) {
      this.start = this.events[excess - 1]!.globalPosition;
      this.events = this.events.slice(excess);
    }
  }
}
