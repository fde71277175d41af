import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { BUSINESS_TYPES, ENVIRONMENTS, MERCHANT_MESSAGES, type AdminMerchant } from '@tallyline/contracts';
import { Repository } from 'typeorm';
import { z } from 'zod';
import { DomainError } from '../platform/domain-error.js';
import { accentFreeMatch, humanTextOrder, idFilterSchema, likePattern, UUID_PATTERN, type ListQuery } from '../platform/http/list-query.js';
import { toMerchant } from './merchant-queries.js';
import { MerchantView } from './read-models/merchant.entity.js';

export const merchantFilterSchema = z.strictObject(
  {
    q: z.string({ error: 'q must be text' }).max(200, 'q must be at most 200 characters').optional(),
    environment: z.enum(ENVIRONMENTS, { error: 'environment must be production or staging' }).optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    businessType: z.enum(BUSINESS_TYPES, { error: `businessType must be one of ${BUSINESS_TYPES.join(', ')}` }).optional(),
    id: idFilterSchema.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown filter ${issue.keys.join(', ')}` : undefined) },
);

export const MERCHANT_SORT_COLUMNS: Record<string, string> = {
  createdAt: 'm.created_at',
  companyName: humanTextOrder('m.company_name'),
  email: 'm.email',
  environment: 'm.environment',
  isActive: 'm.is_active',
  businessType: 'm.business_type',
};

/** Staff reads of every merchant: the back-office list (simple-REST convention) and one merchant. */
@Injectable()
export class StaffMerchantQueries {
  constructor(@InjectRepository(MerchantView) private readonly merchants: Repository<MerchantView>) {}

  async list({ sort, range, filter }: ListQuery<z.infer<typeof merchantFilterSchema>>): Promise<{ rows: AdminMerchant[]; total: number }> {
    const builder = this.merchants.createQueryBuilder('m');
    if (filter.q?.trim()) builder.andWhere(`(${accentFreeMatch('m.company_name')} OR lower(m.email) LIKE :q)`, { q: likePattern(filter.q.trim()), searchText: filter.q.trim() });
    if (filter.environment) builder.andWhere('m.environment = :environment', { environment: filter.environment });
    if (filter.isActive !== undefined) builder.andWhere('m.is_active = :isActive', { isActive: filter.isActive });
    if (filter.businessType) builder.andWhere('m.business_type = :businessType', { businessType: filter.businessType });
    if (filter.id) builder.andWhere('m.id IN (:...ids)', { ids: filter.id.length ? filter.id : [null] });
    builder.orderBy(sort.column, sort.order).addOrderBy('m.id', sort.order);
    builder.offset(range.start).limit(range.end - range.start + 1);
    const [views, total] = await builder.getManyAndCount();
    return { rows: views.map(toMerchant), total };
  }

  async get(id: string): Promise<AdminMerchant> {
    const view = UUID_PATTERN.test(id) ? await this.merchants.findOneBy({ id }) : null;
    if (!view) throw new DomainError('not_found', MERCHANT_MESSAGES.notFound);
    return toMerchant(view);
  }
}
