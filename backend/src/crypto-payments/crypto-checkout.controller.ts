import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { cryptoCheckoutSchema, cryptoSimulateSchema, type CryptoCheckout } from '@tallyline/contracts';
import type { z } from 'zod';
import { Public } from '../platform/auth/auth.decorators.js';
import { Clock } from '../platform/clock.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { Ctx } from '../platform/http/request-context.js';
import { ApiZodBody, ApiZodResponse, zodPipe } from '../platform/http/zod-validation.js';
import { CryptoPaymentQueries } from './crypto-payments.queries.js';
import { SimulateCryptoPayment } from './simulate-crypto-payment/simulate-crypto-payment.command.js';

/**
 * The hosted crypto payment page's API (/crypto-payments/{id}): anyone holding the link sees the
 * amount, the address and the status, never the customer's data; in staging they may also play
 * the provider confirming or failing the payer's transaction.
 */
@ApiTags('crypto-checkout')
@Controller('crypto-checkout')
@Public()
export class CryptoCheckoutController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: CryptoPaymentQueries,
    private readonly clock: Clock,
  ) {}

  @Get(':id')
  @ApiZodResponse(200, cryptoCheckoutSchema, 'amount: fiat, 2 places; cryptoAmount: 8 places; blockchainTxHash and confirmations are null until the provider reports a transaction')
  async get(@Param('id') id: string): Promise<CryptoCheckout> {
    return this.queries.toCheckout(await this.queries.find(id));
  }

  @Post(':id/simulate')
  @HttpCode(200)
  @ApiZodBody(cryptoSimulateSchema, 'staging only: confirm (processing → completed) or fail (processing → failed)')
  @ApiZodResponse(200, cryptoCheckoutSchema, 'The payment after the simulated report; a production payment is 403')
  async simulate(@Param('id') id: string, @Body(zodPipe(cryptoSimulateSchema)) body: z.output<typeof cryptoSimulateSchema>, @Ctx() ctx: CommandContext): Promise<CryptoCheckout> {
    const view = await this.queries.find(id);
    await this.commandBus.execute(new SimulateCryptoPayment(view.id, body.outcome, { ...ctx, now: this.clock.now() }));
    return this.queries.toCheckout(await this.queries.find(id));
  }
}
