import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { MerchantStats } from '@tallyline/contracts';
import { MerchantQueries } from '../../merchants/index.js';
import { CurrentUser, Roles, type AuthUser } from '../../platform/auth/auth.decorators.js';
import { PaymentStatsQueries } from './payment-stats.queries.js';

/** The dashboard overview's figures (session only): the caller's merchant in its current environment. */
@ApiTags('merchants')
@Controller('merchants')
@Roles('merchant')
export class PaymentStatsController {
  constructor(
    private readonly queries: PaymentStatsQueries,
    private readonly merchants: MerchantQueries,
  ) {}

  @Get('stats')
  async stats(@CurrentUser() user: AuthUser): Promise<MerchantStats> {
    const merchant = await this.merchants.current(user.userId);
    return this.queries.of(merchant.id, merchant.environment);
  }
}
