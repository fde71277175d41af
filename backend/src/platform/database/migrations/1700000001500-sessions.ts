import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ending sessions before their tokens expire. `revoked_sessions`: tokens signed out (their `jti`), kept
 * until they would have expired anyway; operational state, like login_failures, not domain history.
 * `user_credentials.password_version`: the user stream's version of the event that set the password
 * (projection "users"); a session token carries the version it was issued under, so a password change
 * ends every session begun before it. `password_resets`: the links of "forgot password" (their SHA-256,
 * never the secret), each usable once within an hour.
 */
export class Sessions1700000001500 implements MigrationInterface {
  name = 'Sessions1700000001500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE revoked_sessions (token_id uuid PRIMARY KEY, expires_at timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX revoked_sessions_expires_at_idx ON revoked_sessions (expires_at)`);
    await q.query(`ALTER TABLE user_credentials ADD COLUMN password_version integer NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE TABLE password_resets (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE password_resets`);
    await q.query(`ALTER TABLE user_credentials DROP COLUMN password_version`);
    await q.query(`DROP TABLE revoked_sessions`);
  }
}
