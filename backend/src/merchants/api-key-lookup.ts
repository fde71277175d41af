import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { API_KEY_PREFIX, type Environment } from '@tallyline/contracts';
import { IsNull, Repository } from 'typeorm';
import { ApiKeyLookup, type ApiKeyPrincipal } from '../platform/auth/auth-user.js';
import { ApiKeyRecord } from './read-models/merchant.entity.js';

/** API keys are 256-bit random: a fast hash is enough (argon2 is for guessable passwords). */
export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function generateApiKey(environment: Environment): string {
  return API_KEY_PREFIX[environment] + randomBytes(32).toString('base64url');
}

@Injectable()
export class ApiKeysTableLookup extends ApiKeyLookup {
  constructor(@InjectRepository(ApiKeyRecord) private readonly keys: Repository<ApiKeyRecord>) {
    super();
  }

  async bySecret(secret: string): Promise<ApiKeyPrincipal | undefined> {
    const key = await this.keys.findOneBy({ keyHash: hashApiKey(secret), revokedAt: IsNull() });
    return key ? { keyId: key.id, merchantId: key.merchantId, environment: key.environment } : undefined;
  }
}
