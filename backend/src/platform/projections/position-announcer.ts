import type { CheckpointWatcher } from './checkpoint-watcher.js';

/**
 * Tells the other instances where this instance's processors are (read-your-writes across
 * instances), outside their transactions: PostgreSQL serializes the commits of transactions that
 * NOTIFY, WAL flush included, so a NOTIFY inside each processor's commit made all of them take turns.
 * Stored positions are always told; positions skipped to but not stored yet, only for a while after
 * another instance asked. Whatever queues while a NOTIFY is on its way goes in the next one.
 */
export class PositionAnnouncer {
  private readonly pending = new Map<string, bigint>();
  private until = 0;
  private sending = false;

  constructor(
    private readonly watcher: CheckpointWatcher,
    private readonly periodMs: number,
  ) {}

  /** Another instance asked: announce skipped positions for the next period. True when none was running. */
  requested(): boolean {
    const first = Date.now() >= this.until;
    this.until = Date.now() + this.periodMs;
    return first;
  }

  /** A committed checkpoint. */
  stored(name: string, position: bigint): void {
    this.queue(name, position);
  }

  skipped(name: string, position: bigint): void {
    if (Date.now() < this.until) this.queue(name, position);
  }

  private queue(name: string, position: bigint): void {
    if (position <= (this.pending.get(name) ?? -1n)) return;
    this.pending.set(name, position);
    if (this.sending) return;
    this.sending = true;
    setImmediate(() => void this.send());
  }

  private async send(): Promise<void> {
    try {
      while (this.pending.size > 0) {
        const positions = [...this.pending];
        this.pending.clear();
        await this.watcher.announce(positions).catch(() => undefined);
      }
    } finally {
      this.sending = false;
    }
  }
}
