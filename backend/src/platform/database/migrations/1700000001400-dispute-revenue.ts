import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Disputes withdraw revenue (projection "payment-stats"): each payment's refunds so far and what its
 * dispute withdrew, and the disputed money in the counters and the daily rollup. The projection starts
 * again from the first event, so disputes opened before the upgrade are withdrawn too.
 */
export class DisputeRevenue1700000001400 implements MigrationInterface {
  name = 'DisputeRevenue1700000001400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`TRUNCATE payment_stat_facts, payment_stats, payment_daily_stats`);
    await q.query(`DELETE FROM processor_checkpoints WHERE name = 'payment-stats'`);
    await q.query(`ALTER TABLE payment_stat_facts ADD COLUMN refunded_minor bigint NOT NULL DEFAULT 0, ADD COLUMN disputed_minor bigint NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE payment_stats ADD COLUMN disputed_minor bigint NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE payment_daily_stats ADD COLUMN disputed_minor bigint NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_daily_stats DROP COLUMN disputed_minor`);
    await q.query(`ALTER TABLE payment_stats DROP COLUMN disputed_minor`);
    await q.query(`ALTER TABLE payment_stat_facts DROP COLUMN refunded_minor, DROP COLUMN disputed_minor`);
  }
}
