import { Controller, Get, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ANALYTICS_MAX_DAYS,
  analyticsQuerySchema,
  merchantAnalyticsSchema,
  merchantStatsSchema,
  type AnalyticsQuery,
  type MerchantAnalytics,
  type MerchantStats,
} from '@tallyline/contracts';
import type { FastifyReply } from 'fastify';
import { MerchantQueries } from '../../merchants/index.js';
import { CurrentUser, Roles, type AuthUser } from '../../platform/auth/auth.decorators.js';
import { servedFor } from '../../platform/http/environment-header.js';
import { TakesNoQuery } from '../../platform/http/takes-nothing.js';
import { ApiZodResponse, ZodQuery } from '../../platform/http/zod-validation.js';
import { PaymentAnalyticsQueries } from './payment-analytics.queries.js';
import { PaymentStatsQueries } from './payment-stats.queries.js';

/** The dashboard overview's figures and the analytics tab's series (session only): the caller's merchant in its current environment. */
@ApiTags('merchants')
@Controller('merchants')
@Roles('merchant')
export class PaymentStatsController {
  constructor(
    private readonly queries: PaymentStatsQueries,
    private readonly analyticsQueries: PaymentAnalyticsQueries,
    private readonly merchants: MerchantQueries,
  ) {}

  @TakesNoQuery()
  @Get('stats')
  @ApiZodResponse(200, merchantStatsSchema, "Amounts in major units of each currency; the top-level figures are the busiest currency's")
  async stats(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<MerchantStats> {
    const stats = await this.queries.ofCurrentEnvironment(user.userId);
    return servedFor(reply, stats.environment, stats);
  }

  /** Daily revenue and volume over the last `days` UTC days (today included), and method and country shares. */
  @Get('analytics')
  @ApiQuery({ name: 'days', required: false, type: Number, description: `1 to ${ANALYTICS_MAX_DAYS}, default 30` })
  @ApiZodResponse(200, merchantAnalyticsSchema, 'Every day of the period, oldest first; revenue and amounts in major units of currency')
  async analytics(
    @ZodQuery(analyticsQuerySchema) query: AnalyticsQuery,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MerchantAnalytics> {
    const merchant = await this.merchants.current(user.userId);
    return servedFor(reply, merchant.environment, await this.analyticsQueries.of(merchant.id, merchant.environment, query.days));
  }
}
