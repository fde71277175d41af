import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The analytics tab's daily rollup (projection "payment-stats"): per merchant, environment, UTC day
 * of the payment's creation (the date the transactions tab shows), currency, payment method and
 * customer country ('' when the payment has none). The projection starts again from the first event
 * so the new table holds every payment, not only new ones.
 */
export class PaymentDailyStats1700000001060 implements MigrationInterface {
  name = 'PaymentDailyStats1700000001060';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`TRUNCATE payment_stat_facts, payment_stats`);
    await q.query(`DELETE FROM processor_checkpoints WHERE name = 'payment-stats'`);
    await q.query(`ALTER TABLE payment_stat_facts ADD COLUMN day date NOT NULL, ADD COLUMN customer_country text NOT NULL`);
    await q.query(`
      CREATE TABLE payment_daily_stats (
        merchant_id uuid NOT NULL,
        environment text NOT NULL,
        day date NOT NULL,
        currency text NOT NULL,
        payment_method text NOT NULL,
        country text NOT NULL,
        created integer NOT NULL DEFAULT 0,
        completed integer NOT NULL DEFAULT 0,
        completed_minor bigint NOT NULL DEFAULT 0,
        refunded_minor bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (merchant_id, environment, day, currency, payment_method, country)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_daily_stats`);
    await q.query(`ALTER TABLE payment_stat_facts DROP COLUMN day, DROP COLUMN customer_country`);
  }
}
