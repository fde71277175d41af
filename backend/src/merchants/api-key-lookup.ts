import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { API_KEY_PREFIX, type Environment } from '@tallyline/contracts';
import { ApiKeyLookup, type ApiKeyPrincipal } from '../platform/auth/auth-user.js';
import { DatabasePool } from '../platform/database/database-pool.js';

/** API keys are 256-bit random: a fast hash is enough (argon2 is for guessable passwords). */
export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function generateApiKey(environment: Environment): string {
  return API_KEY_PREFIX[environment] + randomBytes(32).toString('base64url');
}

/** Runs on every request made with a key: plain pg and a named statement (see UsersTableLookup). */
@Injectable()
export class ApiKeysTableLookup extends ApiKeyLookup {
  constructor(private readonly pool: DatabasePool) {
    super();
  }

  async bySecret(secret: string): Promise<ApiKeyPrincipal | undefined> {
    const { rows } = await this.pool.query<ApiKeyPrincipal>({
      name: 'api-key-by-hash',
      text: 'SELECT id AS "keyId", merchant_id AS "merchantId", environment FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
      values: [hashApiKey(secret)],
    });
    return rows[0];
  }
}
