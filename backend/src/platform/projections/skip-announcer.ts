import type { CheckpointWatcher } from './checkpoint-watcher.js';

/**
 * Positions this instance's processors skipped to without storing them, told to the other instances
 * for a while after one of them asked (it waits for every projection: read-your-writes across
 * instances). Processors woken by one batch all skip within the same turn: one statement for them all.
 */
export class SkipAnnouncer {
  private readonly pending = new Map<string, bigint>();
  private until = 0;
  private sending = false;

  constructor(
    private readonly watcher: CheckpointWatcher,
    private readonly periodMs: number,
  ) {}

  /** Another instance asked: announce for the next period. True when none was running. */
  requested(): boolean {
    const first = Date.now() >= this.until;
    this.until = Date.now() + this.periodMs;
    return first;
  }

  skipped(name: string, position: bigint): void {
    if (Date.now() >= this.until) return;
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
