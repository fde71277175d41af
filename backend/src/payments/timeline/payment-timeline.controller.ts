import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { PaymentTimelineEntry } from '@tallyline/contracts';
import { MerchantQueries } from '../../merchants/index.js';
import { CurrentUser, Roles, type AuthUser } from '../../platform/auth/auth.decorators.js';
import { PaymentQueries } from '../payments.queries.js';
import { PaymentTimeline } from './payment-timeline.queries.js';

/** The transactions drawer's timeline (merchant session): only the merchant's own payments, 404 otherwise. */
@ApiTags('transactions')
@Controller('transactions')
@Roles('merchant')
export class PaymentTimelineController {
  constructor(
    private readonly merchants: MerchantQueries,
    private readonly payments: PaymentQueries,
    private readonly timeline: PaymentTimeline,
  ) {}

  @Get(':id/events')
  async events(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<PaymentTimelineEntry[]> {
    const merchant = await this.merchants.current(user.userId);
    await this.payments.ofMerchant(merchant.id, id);
    // A merchant learns that staff acted, not which member of staff.
    return (await this.timeline.of(id)).map((entry) => (entry.actor.role === 'staff' ? { ...entry, actor: { ...entry.actor, email: null } } : entry));
  }
}
