import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Custom payment methods (projection "payment-methods"); listed per merchant in creation order. */
export class PaymentMethods1700000000900 implements MigrationInterface {
  name = 'PaymentMethods1700000000900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_methods (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL,
        name text NOT NULL,
        type text NOT NULL,
        is_active boolean NOT NULL,
        processing_fee_bps integer NOT NULL,
        fixed_fee_minor integer NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX payment_methods_merchant_idx ON payment_methods (merchant_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_methods`);
  }
}
