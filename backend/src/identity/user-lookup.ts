import { Injectable } from '@nestjs/common';
import { UserLookup, type AuthUser } from '../platform/auth/auth-user.js';
import { DatabasePool } from '../platform/database/database-pool.js';
import { UUID_PATTERN } from '../platform/http/list-query.js';

/**
 * Runs on every signed-in request: plain pg and a named (prepared once per connection) statement,
 * since TypeORM's query building cost more CPU than the lookup itself.
 */
@Injectable()
export class UsersTableLookup extends UserLookup {
  constructor(private readonly pool: DatabasePool) {
    super();
  }

  async userById(userId: string): Promise<AuthUser | undefined> {
    if (!UUID_PATTERN.test(userId)) return undefined;
    const { rows } = await this.pool.query<AuthUser>({
      name: 'auth-user-by-id',
      text: 'SELECT id AS "userId", email, role, first_name AS "firstName", last_name AS "lastName" FROM users WHERE id = $1',
      values: [userId],
    });
    return rows[0];
  }

  /** Not signed out, and opened with the current password (its version). */
  async sessionUser(userId: string, tokenId: string, passwordVersion: number): Promise<AuthUser | undefined> {
    if (!UUID_PATTERN.test(userId) || !UUID_PATTERN.test(tokenId)) return undefined;
    const { rows } = await this.pool.query<AuthUser>({
      name: 'auth-session-user',
      text: `SELECT id AS "userId", email, role, first_name AS "firstName", last_name AS "lastName" FROM users
              WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM revoked_sessions WHERE token_id = $2)
                AND EXISTS (SELECT 1 FROM user_credentials c WHERE c.user_id = $1 AND c.password_version = $3)`,
      values: [userId, tokenId, passwordVersion],
    });
    return rows[0];
  }
}
