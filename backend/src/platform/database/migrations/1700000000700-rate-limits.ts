import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Request counters of the per-IP rate limits, shared by every app instance. Not domain state (and no
 * projection): a counter that is lost merely lets a few more requests through.
 */
export class RateLimits1700000000700 implements MigrationInterface {
  name = 'RateLimits1700000000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rate_limit_hits (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        window_ends_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (window_ends_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rate_limit_hits`);
  }
}
