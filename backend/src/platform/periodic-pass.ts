import type { Logger } from '@nestjs/common';

/**
 * A bounded piece of background work repeated on a timer (expiring what is due, settling what was
 * left open). At most one pass runs at a time: asking for a pass while one runs joins it. A pass
 * never rejects: a failure is logged and reported as `onFailure` says, and the next tick tries again.
 * `stop` waits for the pass in progress, which sees `stopping` and ends early between items.
 */
export class PeriodicPass<Report> {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<Report> | undefined;
  private stopped = false;

  constructor(
    private readonly options: {
      name: string;
      intervalMs: number;
      logger: Logger;
      pass: () => Promise<Report>;
      onFailure: () => Report;
    },
  ) {}

  get stopping(): boolean {
    return this.stopped;
  }

  /** The first pass now, then one every interval; returns the first pass. */
  start(): Promise<Report> {
    const first = this.run();
    this.timer = setInterval(() => void this.run(), this.options.intervalMs).unref();
    return first;
  }

  run(): Promise<Report> {
    this.current ??= this.options
      .pass()
      .catch((error: unknown) => {
        this.options.logger.error(`${this.options.name} pass failed: ${(error as Error).message}`);
        return this.options.onFailure();
      })
      .finally(() => (this.current = undefined));
    return this.current;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.current;
  }
}
