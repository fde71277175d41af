import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { BUSINESS_TYPES, ENVIRONMENTS, MERCHANT_MESSAGES, type AdminMerchant } from '@tallyline/contracts';
import type { FastifyReply } from 'fastify';
import { Repository } from 'typeorm';
import { z } from 'zod';
import { Roles } from '../platform/auth/auth.decorators.js';
import { DomainError } from '../platform/domain-error.js';
import { contentRange, idFilterSchema, likePattern, parseListQuery, UUID_PATTERN } from '../platform/http/list-query.js';
import { toMerchant } from './merchant-queries.js';
import { MerchantView } from './read-models/merchant.entity.js';

const merchantFilterSchema = z.strictObject(
  {
    q: z.string({ error: 'q must be text' }).max(200, 'q must be at most 200 characters').optional(),
    environment: z.enum(ENVIRONMENTS, { error: 'environment must be production or staging' }).optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    businessType: z.enum(BUSINESS_TYPES, { error: `businessType must be one of ${BUSINESS_TYPES.join(', ')}` }).optional(),
    id: idFilterSchema.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown filter ${issue.keys.join(', ')}` : undefined) },
);

const SORT_COLUMNS: Record<string, string> = {
  createdAt: 'm.created_at',
  companyName: 'lower(m.company_name)',
  email: 'm.email',
  environment: 'm.environment',
  isActive: 'm.is_active',
  businessType: 'm.business_type',
};

/** Staff view of every merchant (ra-data-simple-rest conventions). */
@ApiTags('admin')
@Controller('admin/merchants')
@Roles('staff')
export class AdminMerchantsController {
  constructor(@InjectRepository(MerchantView) private readonly merchants: Repository<MerchantView>) {}

  @Get()
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"q":"acme","isActive":true}' })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminMerchant[]> {
    const { sort, range, filter } = parseListQuery(query, {
      sortable: Object.keys(SORT_COLUMNS),
      defaultSort: { field: 'createdAt', order: 'DESC' },
      filter: merchantFilterSchema,
    });
    const builder = this.merchants.createQueryBuilder('m');
    if (filter.q?.trim()) builder.andWhere('(lower(m.company_name) LIKE :q OR lower(m.email) LIKE :q)', { q: likePattern(filter.q.trim()) });
    if (filter.environment) builder.andWhere('m.environment = :environment', { environment: filter.environment });
    if (filter.isActive !== undefined) builder.andWhere('m.is_active = :isActive', { isActive: filter.isActive });
    if (filter.businessType) builder.andWhere('m.business_type = :businessType', { businessType: filter.businessType });
    if (filter.id) builder.andWhere('m.id IN (:...ids)', { ids: filter.id.length ? filter.id : [null] });
    builder.orderBy(SORT_COLUMNS[sort.field], sort.order).addOrderBy('m.id', sort.order);
    if (range) builder.offset(range.start).limit(range.end - range.start + 1);
    const [views, total] = await builder.getManyAndCount();
    void reply.header('Content-Range', contentRange('merchants', range?.start ?? 0, views.length, total));
    return views.map(toMerchant);
  }

  @Get(':id')
  async get(@Param('id') id: string): Promise<AdminMerchant> {
    const view = UUID_PATTERN.test(id) ? await this.merchants.findOneBy({ id }) : null;
    if (!view) throw new DomainError('not_found', MERCHANT_MESSAGES.notFound);
    return toMerchant(view);
  }
}
