import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily rollup counts the payments that reached the gateway (projection "payment-stats"), so the
 * overview's month-over-month changes divide as its cards do (completed ÷ attempted). Each payment's
 * facts already say whether it was attempted and on which day it counts: the backfill is what a replay
 * would write, without one.
 */
export class DailyAttempted1700000001460 implements MigrationInterface {
  name = 'DailyAttempted1700000001460';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_daily_stats ADD COLUMN attempted integer NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE payment_daily_stats d SET attempted = f.attempted
        FROM (SELECT merchant_id, environment, day, currency, payment_method, customer_country, count(*)::integer AS attempted
                FROM payment_stat_facts WHERE attempted
               GROUP BY merchant_id, environment, day, currency, payment_method, customer_country) f
       WHERE d.merchant_id = f.merchant_id AND d.environment = f.environment AND d.day = f.day
         AND d.currency = f.currency AND d.payment_method = f.payment_method AND d.country = f.customer_country`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_daily_stats DROP COLUMN attempted`);
  }
}
