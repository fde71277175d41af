import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The `payments` read model (projection "payments"): one row per payment, money in minor units. */
export class Payments1700000000800 implements MigrationInterface {
  name = 'Payments1700000000800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL,
        environment text NOT NULL,
        amount_minor bigint NOT NULL,
        refunded_minor bigint NOT NULL DEFAULT 0,
        currency text NOT NULL,
        status text NOT NULL,
        payment_method text NOT NULL,
        customer_email text NOT NULL,
        customer_name text NOT NULL,
        customer_country text,
        order_id text NOT NULL,
        description text,
        return_url text,
        gateway_transaction_id text,
        card_brand text,
        card_last4 text,
        failure_reason text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        position bigint NOT NULL
      )`);
    await q.query(`CREATE INDEX payments_merchant_page_idx ON payments (merchant_id, environment, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payments`);
  }
}
