import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../platform/config/app-config.js';

/**
 * A vacuum is held back to this share of the time at most: its cost grows with the outbox (it reads
 * every index of the table whole), its benefit with the rows claimed since the last one.
 */
const MAX_SHARE = 0.1;

/**
 * Vacuums the outbox as often as a queue needs. Each claim moves its rows' next_attempt_at and each
 * delivery takes a row out of the due index, leaving dead entries at the index's old end, where every
 * claim starts reading; until a vacuum removes them they pile up (a claim's scan of due rows went from
 * 51 to 459 buffers in one minute of the benchmark, and the claim itself took half again as long).
 * Autovacuum comes by once a minute at best (autovacuum_naptime, a server setting), so this instance
 * vacuums the table itself after every WEBHOOK_VACUUM_AFTER rows it claimed: the same work autovacuum
 * does (the app owns its tables), never two at once (SKIP_LOCKED passes when another one runs).
 */
@Injectable()
export class OutboxVacuum {
  private readonly logger = new Logger('Webhooks');
  private claimed = 0;
  private running: Promise<void> | undefined;
  private notBefore = 0;

  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** Counts rows this instance claimed; starts a vacuum (not awaited) once enough were. */
  claimedRows(count: number): void {
    this.claimed += count;
    if (this.claimed < this.config.webhooks.vacuumAfter || this.running || Date.now() < this.notBefore) return;
    this.claimed = 0;
    const started = Date.now();
    this.running = this.db
      .query(`VACUUM (SKIP_LOCKED, INDEX_CLEANUP ON) webhook_deliveries`)
      .then(() => undefined)
      .catch((error: Error) => this.logger.warn(`Vacuuming the webhook outbox failed: ${error.message}`))
      .finally(() => {
        const took = Date.now() - started;
        this.running = undefined;
        this.notBefore = started + took / MAX_SHARE;
      });
  }

  /** Lets a running vacuum finish (at shutdown, before the pool closes). */
  async settled(): Promise<void> {
    await this.running;
  }
}
