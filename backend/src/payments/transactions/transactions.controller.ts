import { applyDecorators, Controller, Get, Res, StreamableFile } from '@nestjs/common';
import { ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  PAYMENT_METHOD_TYPES,
  PAYMENT_STATUSES,
  TRANSACTION_PERIODS,
  transactionExportQuerySchema, transactionListQuerySchema, transactionPageSchema, type TransactionFilter, type TransactionListQuery, type TransactionPage } from '@tallyline/contracts';
import type { FastifyReply } from 'fastify';
import { MerchantQueries } from '../../merchants/index.js';
import { CurrentUser, Roles, type AuthUser } from '../../platform/auth/auth.decorators.js';
import { servedFor } from '../../platform/http/environment-header.js';
import { ApiZodResponse, ZodQuery } from '../../platform/http/zod-validation.js';
import { transactionsCsv } from './transactions-csv.js';
import { TransactionQueries } from './transactions.queries.js';

/** The query parameters both routes share, for the OpenAPI document. */
const FILTER_PARAMS: Parameters<typeof ApiQuery>[0][] = [
  { name: 'status', required: false, enum: [...PAYMENT_STATUSES] },
  { name: 'paymentMethod', required: false, enum: [...PAYMENT_METHOD_TYPES] },
  { name: 'period', required: false, enum: Object.keys(TRANSACTION_PERIODS), description: 'The last 7, 30 or 90 days; not with from/to' },
  { name: 'from', required: false, description: 'Inclusive: an ISO date (from its start, UTC) or a date-time with a time zone', example: '2026-01-01' },
  { name: 'to', required: false, description: 'Inclusive: an ISO date (its whole day, UTC) or a date-time with a time zone', example: '2026-01-31' },
  { name: 'minAmount', required: false, type: Number, description: "Inclusive, in minor units of the payment's currency (10000 = 100.00), like the create call's amount" },
  { name: 'maxAmount', required: false, type: Number, description: "Inclusive, in minor units of the payment's currency" },
  { name: 'currency', required: false, description: '3-letter ISO code' },
  { name: 'q', required: false, description: "Search ignoring accents and case (\"Jose\" finds \"José\"): the beginning of the customer's e-mail, of the customer's name or of its last word, or of the payment id" },
];
const FilterParams = () => applyDecorators(...FILTER_PARAMS.map((param) => ApiQuery(param)));

/**
 * The merchant dashboard's transactions tab (session only): the caller's merchant in its current
 * environment, like a live/test mode switch.
 */
@ApiTags('transactions')
@Controller('transactions')
@Roles('merchant')
export class TransactionsController {
  constructor(
    private readonly queries: TransactionQueries,
    private readonly merchants: MerchantQueries,
  ) {}

  private async scope(user: AuthUser) {
    const merchant = await this.merchants.current(user.userId);
    return { merchantId: merchant.id, environment: merchant.environment };
  }

  @Get()
  @FilterParams()
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 20' })
  @ApiQuery({ name: 'cursor', required: false, description: 'nextCursor of the previous page' })
  @ApiZodResponse(200, transactionPageSchema, 'Newest first; nextCursor is null on the last page')
  async list(
    @ZodQuery(transactionListQuerySchema) query: TransactionListQuery,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TransactionPage> {
    const { limit, cursor, ...filter } = query;
    const { page, environment } = await this.queries.pageOfCurrentEnvironment(user.userId, filter, limit, cursor);
    return servedFor(reply, environment, page);
  }

  /** Every matching transaction (not one page), streamed from the database in keyset batches. */
  @Get('export')
  @FilterParams()
  @ApiProduces('text/csv')
  async export(@ZodQuery(transactionExportQuerySchema) filter: TransactionFilter, @CurrentUser() user: AuthUser): Promise<StreamableFile> {
    const scope = await this.scope(user);
    const name = `transactions-${scope.environment}-${new Date().toISOString().slice(0, 10)}.csv`;
    return new StreamableFile(transactionsCsv(this.queries.all(scope, filter)), { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="${name}"` });
  }
}
