import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { adminPaymentSchema, paymentTimelineEntrySchema, type AdminPayment, type PaymentTimelineEntry } from '@tallyline/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Roles } from '../../platform/auth/auth.decorators.js';
import { answerList } from '../../platform/http/list-query.js';
import { ApiZodListResponse, ApiZodResponse } from '../../platform/http/zod-validation.js';
import { PaymentTimeline } from '../timeline/payment-timeline.queries.js';
import { STAFF_PAYMENT_SORT_COLUMNS, staffPaymentFilterSchema, StaffPaymentQueries } from './staff-payment.queries.js';

/** Staff view of every merchant's payments (ra-data-simple-rest conventions) and each one's event timeline. */
@ApiTags('admin')
@Controller('admin/payments')
@Roles('staff')
export class AdminPaymentsController {
  constructor(
    private readonly queries: StaffPaymentQueries,
    private readonly timeline: PaymentTimeline,
  ) {}

  @Get()
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"merchantId":"…","status":"completed","environment":"staging","from":"2026-01-01","to":"2026-01-31","refunded":true}' })
  @ApiZodListResponse(adminPaymentSchema, 'The page asked for (sort, range, filter); amounts are decimal strings in major units')
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminPayment[]> {
    return answerList(
      query,
      reply,
      { resource: 'payments', sortColumns: STAFF_PAYMENT_SORT_COLUMNS, defaultSort: { field: 'createdAt', order: 'DESC' }, filter: staffPaymentFilterSchema },
      (listQuery) => this.queries.list(listQuery),
    );
  }

  @Get(':id')
  @ApiZodResponse(200, adminPaymentSchema, "Any merchant's payment; cardBrand, cardLast4 and failureReason are null until the gateway tells them")
  get(@Param('id') id: string): Promise<AdminPayment> {
    return this.queries.get(id);
  }

  @Get(':id/events')
  @ApiZodResponse(200, z.array(paymentTimelineEntrySchema), "One entry per event of the payment's stream, oldest first; email is the person's (merchant or staff), null for others")
  async events(@Param('id') id: string): Promise<PaymentTimelineEntry[]> {
    await this.queries.get(id);
    return this.timeline.of(id);
  }
}
