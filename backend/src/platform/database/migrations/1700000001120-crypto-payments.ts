import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Crypto payments (projection "crypto-payments"): the merchant's history, and the pending ones the expiry scheduler watches. */
export class CryptoPayments1700000001120 implements MigrationInterface {
  name = 'CryptoPayments1700000001120';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crypto_payments (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL,
        environment text NOT NULL,
        status text NOT NULL,
        amount_minor bigint NOT NULL,
        currency text NOT NULL,
        target_crypto text NOT NULL,
        crypto_amount text NOT NULL,
        exchange_rate text NOT NULL,
        customer_email text NOT NULL,
        customer_name text,
        order_id text NOT NULL,
        provider_payment_id text NOT NULL,
        address text NOT NULL,
        blockchain_tx_hash text,
        confirmations integer,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        position bigint NOT NULL
      )`);
    await q.query(`CREATE INDEX crypto_payments_merchant_created ON crypto_payments (merchant_id, environment, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX crypto_payments_pending_expiry ON crypto_payments (expires_at) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE crypto_payments`);
  }
}
