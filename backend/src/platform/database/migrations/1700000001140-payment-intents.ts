import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the Stripe-compatible API shows of a payment: its metadata, the payment method named at
 * creation, and the 3-D Secure page of an attempt waiting for it. Older payments have none of these
 * in their events, so the defaults are what a replay would give them too.
 */
export class PaymentIntents1700000001140 implements MigrationInterface {
  name = 'PaymentIntents1700000001140';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments ADD COLUMN metadata jsonb NOT NULL DEFAULT '{}', ADD COLUMN payment_method_ref text, ADD COLUMN redirect_url text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments DROP COLUMN metadata, DROP COLUMN payment_method_ref, DROP COLUMN redirect_url`);
  }
}
