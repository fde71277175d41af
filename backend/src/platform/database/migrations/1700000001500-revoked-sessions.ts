import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Session tokens signed out before they expire (their `jti`), until they would have expired anyway.
 * Sessions are not part of the domain's history: this is operational state, like login_failures.
 */
export class RevokedSessions1700000001500 implements MigrationInterface {
  name = 'RevokedSessions1700000001500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE revoked_sessions (token_id uuid PRIMARY KEY, expires_at timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX revoked_sessions_expires_at_idx ON revoked_sessions (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE revoked_sessions`);
  }
}
