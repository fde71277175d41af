import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dashboard figures per merchant, environment and currency (projection "payment-stats"), replacing
 * the merchant-wide merchant_stats that no payment fed. payment_stat_facts carries what only
 * PaymentCreated says (merchant, environment, currency, amount) to the payment's later events.
 */
export class PaymentStats1700000001041 implements MigrationInterface {
  name = 'PaymentStats1700000001041';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_stat_facts (
        payment_id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL,
        environment text NOT NULL,
        currency text NOT NULL,
        payment_method text NOT NULL,
        amount_minor bigint NOT NULL,
        attempted boolean NOT NULL DEFAULT false,
        completed boolean NOT NULL DEFAULT false
      )`);
    await q.query(`
      CREATE TABLE payment_stats (
        merchant_id uuid NOT NULL,
        environment text NOT NULL,
        currency text NOT NULL,
        attempted integer NOT NULL DEFAULT 0,
        completed integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        completed_minor bigint NOT NULL DEFAULT 0,
        refunded_minor bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (merchant_id, environment, currency)
      )`);
    await q.query(`DROP TABLE merchant_stats`);
    await q.query(`DELETE FROM processor_checkpoints WHERE name = 'merchant-stats'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_stats`);
    await q.query(`DROP TABLE payment_stat_facts`);
    await q.query(`
      CREATE TABLE merchant_stats (
        merchant_id uuid PRIMARY KEY,
        total_revenue_minor bigint NOT NULL DEFAULT 0,
        total_transactions integer NOT NULL DEFAULT 0,
        successful_transactions integer NOT NULL DEFAULT 0
      )`);
  }
}
