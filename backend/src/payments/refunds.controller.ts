import { Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { refundRequestSchema, refundResultSchema, type RefundResult } from '@tallyline/contracts';
import type { z } from 'zod';
import { MerchantQueries } from '../merchants/index.js';
import { CurrentUser, Roles, type AuthUser } from '../platform/auth/auth.decorators.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { Ctx } from '../platform/http/request-context.js';
import { ApiZodBody, ApiZodResponse, zodPipe } from '../platform/http/zod-validation.js';
import { BindIdempotencyKey } from './idempotency/bind-idempotency-key.command.js';
import { idempotencyKeyIdOf } from './idempotency/bind-idempotency-key.handler.js';
import { idempotencyKeyOf } from './idempotency/idempotency-key-header.js';
import { PaymentQueries } from './payments.queries.js';
import { RefundPayment } from './refund-payment/refund-payment.command.js';

/** The dashboard's Refund button (merchant session; merchant id = user id): only the merchant's own payments. */
@ApiTags('transactions')
@Controller('transactions')
@Roles('merchant')
export class RefundsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly merchants: MerchantQueries,
    private readonly payments: PaymentQueries,
  ) {}

  @Post(':id/refund')
  @HttpCode(200)
  @ApiZodBody(refundRequestSchema, 'amount in minor units for a partial refund; no body (or no amount) refunds all that is left')
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'A retry with the same key and body answers the first refund and refunds nothing more; another body (or payment) with it is 422; while the first request is still being made, 409 (retry later)',
  })
  @ApiZodResponse(200, refundResultSchema, 'The refund made, and the payment just after it (status, refundedAmount)')
  async refund(
    @Param('id') id: string,
    @Body(zodPipe(refundRequestSchema)) body: z.output<typeof refundRequestSchema>,
    @Headers('idempotency-key') idempotencyHeader: string | undefined,
    @CurrentUser() user: AuthUser,
    @Ctx() ctx: CommandContext,
  ): Promise<RefundResult> {
    const idempotencyKey = idempotencyKeyOf(idempotencyHeader);
    await this.merchants.current(user.userId);
    const amount = body.amount ?? null;
    if (!idempotencyKey) return this.commandBus.execute(new RefundPayment(user.userId, id, amount, ctx));
    // Looked up first so that another merchant's payment is a 404 before any key is bound to it.
    const { environment } = await this.payments.ofMerchant(user.userId, id);
    const scope = { merchantId: user.userId, environment };
    await this.commandBus.execute(new BindIdempotencyKey(scope, idempotencyKey, 'POST /api/transactions/:id/refund', { paymentId: id, amount }, ctx));
    // The key names the refund: a retry finds it made (or, after a crash before it was, makes it once).
    return this.commandBus.execute(new RefundPayment(user.userId, id, amount, ctx, idempotencyKeyIdOf(scope, idempotencyKey)));
  }
}
