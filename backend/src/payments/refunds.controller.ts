import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { refundRequestSchema, type RefundResult } from '@tallyline/contracts';
import type { z } from 'zod';
import { MerchantQueries } from '../merchants/index.js';
import { CurrentUser, Roles, type AuthUser } from '../platform/auth/auth.decorators.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { Ctx } from '../platform/http/request-context.js';
import { ApiZodBody, zodPipe } from '../platform/http/zod-validation.js';
import { RefundPayment } from './refund-payment/refund-payment.command.js';

/** The dashboard's Refund button (merchant session; merchant id = user id): only the merchant's own payments. */
@ApiTags('transactions')
@Controller('transactions')
@Roles('merchant')
export class RefundsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly merchants: MerchantQueries,
  ) {}

  @Post(':id/refund')
  @HttpCode(200)
  @ApiZodBody(refundRequestSchema, 'amount in minor units for a partial refund; no body (or no amount) refunds all that is left')
  async refund(
    @Param('id') id: string,
    @Body(zodPipe(refundRequestSchema)) body: z.output<typeof refundRequestSchema>,
    @CurrentUser() user: AuthUser,
    @Ctx() ctx: CommandContext,
  ): Promise<RefundResult> {
    await this.merchants.current(user.userId);
    return this.commandBus.execute(new RefundPayment(user.userId, id, body.amount ?? null, ctx));
  }
}
