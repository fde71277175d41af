import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Credentials and API keys become projections of events. The tables that were written directly are
 * kept as legacy_* (read once at boot by the legacy imports, which record their rows as events and
 * then delete them); the new tables are filled by the projections. No unique constraints: a projection
 * must never fail on data it is given (uniqueness is the event streams' job).
 */
export class SecretsFromEvents1700000000600 implements MigrationInterface {
  name = 'SecretsFromEvents1700000000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_credentials RENAME TO legacy_user_credentials`);
    await q.query(`ALTER TABLE api_keys RENAME TO legacy_api_keys`);
    // Constraint and index names are schema-wide: free them for the new tables.
    for (const [table, constraint] of [['legacy_user_credentials', 'user_credentials_pkey'], ['legacy_user_credentials', 'user_credentials_email_key'], ['legacy_api_keys', 'api_keys_pkey'], ['legacy_api_keys', 'api_keys_key_hash_key']]) {
      await q.query(`ALTER TABLE ${table} RENAME CONSTRAINT ${constraint} TO legacy_${constraint}`);
    }
    await q.query(`ALTER INDEX api_keys_merchant_idx RENAME TO legacy_api_keys_merchant_idx`);
    await q.query(`
      CREATE TABLE user_credentials (
        user_id uuid PRIMARY KEY,
        email text NOT NULL,
        password_hash text NOT NULL
      )`);
    await q.query(`CREATE INDEX user_credentials_email_idx ON user_credentials (email)`);
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL,
        environment text NOT NULL,
        prefix text NOT NULL,
        key_hash text NOT NULL,
        last4 text NOT NULL,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX api_keys_hash_idx ON api_keys (key_hash) WHERE revoked_at IS NULL`);
    await q.query(`CREATE INDEX api_keys_merchant_idx ON api_keys (merchant_id, environment) WHERE revoked_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_keys`);
    await q.query(`DROP TABLE user_credentials`);
    await q.query(`ALTER INDEX legacy_api_keys_merchant_idx RENAME TO api_keys_merchant_idx`);
    for (const [table, constraint] of [['legacy_user_credentials', 'user_credentials_pkey'], ['legacy_user_credentials', 'user_credentials_email_key'], ['legacy_api_keys', 'api_keys_pkey'], ['legacy_api_keys', 'api_keys_key_hash_key']]) {
      await q.query(`ALTER TABLE ${table} RENAME CONSTRAINT legacy_${constraint} TO ${constraint}`);
    }
    await q.query(`ALTER TABLE legacy_api_keys RENAME TO api_keys`);
    await q.query(`ALTER TABLE legacy_user_credentials RENAME TO user_credentials`);
  }
}
