import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ending sessions before their tokens expire. `revoked_sessions`: tokens signed out (their `jti`), kept
 * until they would have expired anyway; operational state, like login_failures, not domain history.
 * `user_credentials.password_version`: the user stream's version of the event that set the password
 * (projection "users"); a session token carries the version it was issued under, so a password change
 * ends every session begun before it.
 */
export class Sessions1700000001500 implements MigrationInterface {
  name = 'Sessions1700000001500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE revoked_sessions (token_id uuid PRIMARY KEY, expires_at timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX revoked_sessions_expires_at_idx ON revoked_sessions (expires_at)`);
    await q.query(`ALTER TABLE user_credentials ADD COLUMN password_version integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_credentials DROP COLUMN password_version`);
    await q.query(`DROP TABLE revoked_sessions`);
  }
}
