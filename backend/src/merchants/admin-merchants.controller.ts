import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { merchantSchema, type AdminMerchant } from '@tallyline/contracts';
import type { FastifyReply } from 'fastify';
import { Roles } from '../platform/auth/auth.decorators.js';
import { answerList } from '../platform/http/list-query.js';
import { ApiZodListResponse, ApiZodResponse } from '../platform/http/zod-validation.js';
import { MERCHANT_SORT_COLUMNS, merchantFilterSchema, StaffMerchantQueries } from './staff-merchant.queries.js';

/** Staff view of every merchant (ra-data-simple-rest conventions). */
@ApiTags('admin')
@Controller('admin/merchants')
@Roles('staff')
export class AdminMerchantsController {
  constructor(private readonly queries: StaffMerchantQueries) {}

  @Get()
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"q":"acme","isActive":true}' })
  @ApiZodListResponse(merchantSchema, 'The page asked for (sort, range, filter): each merchant as its owner sees it')
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminMerchant[]> {
    return answerList(
      query,
      reply,
      { resource: 'merchants', sortColumns: MERCHANT_SORT_COLUMNS, defaultSort: { field: 'createdAt', order: 'DESC' }, filter: merchantFilterSchema },
      (listQuery) => this.queries.list(listQuery),
    );
  }

  @Get(':id')
  @ApiZodResponse(200, merchantSchema, 'The merchant as its owner sees it; website is null when none was given')
  get(@Param('id') id: string): Promise<AdminMerchant> {
    return this.queries.get(id);
  }
}
