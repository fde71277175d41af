import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityMerchants1700000000100 implements MigrationInterface {
  name = 'IdentityMerchants1700000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_credentials (
        user_id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE,
        password_hash text NOT NULL
      )`);
    await q.query(`
      CREATE TABLE login_failures (
        key text NOT NULL,
        failed_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX login_failures_key_idx ON login_failures (key, failed_at)`);
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        role text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX users_email_idx ON users (email)`);
    await q.query(`
      CREATE TABLE merchants (
        id uuid PRIMARY KEY,
        owner_user_id uuid NOT NULL,
        company_name text NOT NULL,
        email text NOT NULL,
        website text,
        business_type text NOT NULL,
        environment text NOT NULL,
        is_active boolean NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX merchants_email_idx ON merchants (email)`);
    await q.query(`
      CREATE TABLE merchant_stats (
        merchant_id uuid PRIMARY KEY,
        total_revenue_minor bigint NOT NULL DEFAULT 0,
        total_transactions integer NOT NULL DEFAULT 0,
        successful_transactions integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL,
        environment text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        last4 text NOT NULL,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX api_keys_merchant_idx ON api_keys (merchant_id, environment) WHERE revoked_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['api_keys', 'merchant_stats', 'merchants', 'users', 'login_failures', 'user_credentials']) await q.query(`DROP TABLE ${table}`);
  }
}
