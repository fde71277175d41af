import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The embedded sandbox gateway's own records. The sandbox stands in for a third party, so these are
 * plain tables it writes directly, not projections of our events.
 */
export class SandboxGateway1700000001000 implements MigrationInterface {
  name = 'SandboxGateway1700000001000';

  async up(q: QueryRunner): Promise<void> {
    // A token keeps what a gateway may keep of a card: brand, last four, expiry and how the sandbox
    // answers for it. Never the number or the CVC.
    await q.query(`
      CREATE TABLE sandbox_gateway_tokens (
        token text PRIMARY KEY,
        brand text NOT NULL,
        last4 text NOT NULL,
        exp_month integer NOT NULL,
        exp_year integer NOT NULL,
        behaviour text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Sales (request type 0) and refunds (2, parent_id the sale). The unique reference makes every
    // call idempotent: a repeated References.Merchant finds the first transaction, never a second charge.
    await q.query(`
      CREATE TABLE sandbox_gateway_transactions (
        id text PRIMARY KEY,
        reference text NOT NULL UNIQUE,
        request_type integer NOT NULL,
        parent_id text REFERENCES sandbox_gateway_transactions (id),
        amount_minor bigint NOT NULL,
        refunded_minor bigint NOT NULL DEFAULT 0,
        currency text NOT NULL,
        status text NOT NULL,
        result_code integer NOT NULL,
        result_message text NOT NULL,
        card_brand text,
        card_last4 text,
        customer_email text,
        customer_name text,
        ipn_url text,
        postback_url text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sandbox_gateway_transactions`);
    await q.query(`DROP TABLE sandbox_gateway_tokens`);
  }
}
