import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the transactions tab's filters on `payments` (GET /api/transactions): status and
 * payment method keep the newest-first keyset order, and a trigram index serves the `q` search
 * (case-insensitive substring of the customer's name, e-mail and the payment id). pg_trgm ships
 * with PostgreSQL (contrib) and is a trusted extension: the database owner may create it.
 */
export class TransactionFilters1700000001040 implements MigrationInterface {
  name = 'TransactionFilters1700000001040';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX payments_merchant_status_idx ON payments (merchant_id, environment, status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX payments_merchant_method_idx ON payments (merchant_id, environment, payment_method, created_at DESC, id DESC)`);
    // A narrow amount range finds its rows here and sorts the few; a wide one walks the page index.
    await q.query(`CREATE INDEX payments_merchant_amount_idx ON payments (merchant_id, environment, amount_minor)`);
    await q.query(`CREATE INDEX payments_search_idx ON payments USING gin ((customer_name || ' ' || customer_email || ' ' || id::text) gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of ['payments_search_idx', 'payments_merchant_amount_idx', 'payments_merchant_method_idx', 'payments_merchant_status_idx']) await q.query(`DROP INDEX ${index}`);
  }
}
