import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { API_KEY_PREFIX, ENVIRONMENTS, MERCHANT_MESSAGES, type ApiKey, type Merchant } from '@tallyline/contracts';
import { IsNull, Repository } from 'typeorm';
import { DatabasePool } from '../platform/database/database-pool.js';
import { DomainError } from '../platform/domain-error.js';
import { ApiKeyRecord, MerchantView } from './read-models/merchant.entity.js';

export function toMerchant(view: MerchantView): Merchant {
  return {
    id: view.id,
    companyName: view.companyName,
    email: view.email,
    website: view.website,
    businessType: view.businessType,
    environment: view.environment,
    isActive: view.isActive,
    createdAt: view.createdAt.toISOString(),
  };
}

/** Reads of the merchants read models, always scoped to one merchant. */
@Injectable()
export class MerchantQueries {
  constructor(
    @InjectRepository(ApiKeyRecord) private readonly keys: Repository<ApiKeyRecord>,
    private readonly pool: DatabasePool,
  ) {}

  /** On most merchant requests (the scope of every dashboard read): plain pg and a named statement, no query building. */
  async current(merchantId: string): Promise<Merchant> {
    const { rows } = await this.pool.query<MerchantView>({
      name: 'merchant-by-id',
      text: `SELECT id, company_name AS "companyName", email, website, business_type AS "businessType", environment, is_active AS "isActive", created_at AS "createdAt"
               FROM merchants WHERE id = $1`,
      values: [merchantId],
    });
    const view = rows[0];
    if (!view) throw new DomainError('not_found', MERCHANT_MESSAGES.notFound);
    return toMerchant(view);
  }

  async maskedKeys(merchantId: string): Promise<ApiKey[]> {
    await this.current(merchantId);
    const active = await this.keys.findBy({ merchantId, revokedAt: IsNull() });
    return ENVIRONMENTS.flatMap((environment) => {
      const key = active.find((k) => k.environment === environment);
      return key ? [{ environment, key: `${API_KEY_PREFIX[environment]}${'•'.repeat(8)}${key.last4}`, last4: key.last4, createdAt: key.createdAt.toISOString() }] : [];
    });
  }
}
