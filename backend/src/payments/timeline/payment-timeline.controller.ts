import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { paymentTimelineEntrySchema, type PaymentTimelineEntry } from '@tallyline/contracts';
import { z } from 'zod';
import { MerchantQueries } from '../../merchants/index.js';
import { CurrentUser, Roles, type AuthUser } from '../../platform/auth/auth.decorators.js';
import { ApiZodResponse } from '../../platform/http/zod-validation.js';
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
  @ApiZodResponse(200, z.array(paymentTimelineEntrySchema), "One entry per event of the payment's stream, oldest first; a member of staff's e-mail is null")
  async events(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<PaymentTimelineEntry[]> {
    const merchant = await this.merchants.current(user.userId);
    await this.payments.ofMerchant(merchant.id, id);
    // A merchant learns that staff acted, not which member of staff.
    return (await this.timeline.of(id)).map((entry) => (entry.actor.role === 'staff' ? { ...entry, actor: { ...entry.actor, email: null } } : entry));
  }
}
