import { Body, Controller, Get, HttpCode, Param, Post, Redirect } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { checkoutPaymentSchema, checkoutPayResultSchema, checkoutPaySchema, type CheckoutPayment, type CheckoutPayResult } from '@tallyline/contracts';
import type { z } from 'zod';
import { MerchantQueries } from '../merchants/index.js';
import { Public } from '../platform/auth/auth.decorators.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { AppConfig } from '../platform/config/app-config.js';
import { DomainError } from '../platform/domain-error.js';
import { Ctx } from '../platform/http/request-context.js';
import { ApiZodBody, ApiZodResponse, zodPipe } from '../platform/http/zod-validation.js';
import { GatewayCallQueries } from './gateway-calls.queries.js';
import { PayPayment } from './pay-payment/pay-payment.command.js';
import { PaymentQueries } from './payments.queries.js';
import { SettleGatewayCall } from './settle-gateway-call/settle-gateway-call.command.js';

/**
 * The hosted payment page's API (/pay/{id}): anyone holding the link may see the amount and pay.
 * Never the customer's e-mail, name or card.
 */
@ApiTags('checkout')
@Controller('checkout')
@Public()
export class CheckoutController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly payments: PaymentQueries,
    private readonly merchants: MerchantQueries,
    private readonly calls: GatewayCallQueries,
    private readonly config: AppConfig,
  ) {}

  @Get(':id')
  @ApiZodResponse(200, checkoutPaymentSchema, 'amount is a decimal string in major units; failureReason is null unless the payment failed, redirectUrl null unless it awaits 3-D Secure')
  async get(@Param('id') id: string): Promise<CheckoutPayment> {
    const payment = await this.payments.find(id);
    const merchant = await this.merchants.current(payment.merchantId);
    return this.payments.toCheckout(payment, merchant.companyName);
  }

  @Post(':id/pay')
  @HttpCode(200)
  @ApiZodBody(checkoutPaySchema, 'token: from the gateway\'s tokenization (sandbox: POST /api/sandbox-gateway/tokens)')
  @ApiZodResponse(200, checkoutPayResultSchema, "The payment's status after the gateway's answer; redirectUrl, when 3-D Secure is required, is where to send the payer")
  pay(@Param('id') id: string, @Body(zodPipe(checkoutPaySchema)) body: z.output<typeof checkoutPaySchema>, @Ctx() ctx: CommandContext): Promise<CheckoutPayResult> {
    return this.commandBus.execute(new PayPayment(id, body.token, ctx));
  }

  /**
   * The gateway's 3-D Secure page sends the payer here (End3DSHostPostbackURL, with ?TransactionId=).
   * The query is not believed: the attempt's outcome is asked of the gateway by its reference. Then
   * the payer goes back to the merchant's return URL with the status, or to the payment page, whose
   * ?3ds=done tells it to show the outcome as this payer's result (not as a link opened later).
   */
  @Get(':id/3ds-return')
  @Redirect(undefined, 303)
  @ApiResponse({
    status: 303,
    description: "No body: to the merchant's return URL (with paymentId, status, payment_intent, redirect_status) once the outcome is final, else to the payment page",
    headers: { Location: { description: 'Where the payer goes next', schema: { type: 'string' } } },
  })
  async threeDSecureReturn(@Param('id') id: string, @Ctx() ctx: CommandContext): Promise<{ url: string }> {
    const payment = await this.payments.find(id);
    const page = { url: `${this.config.publicUrl}/pay/${id}?3ds=done` };
    const call = await this.calls.latestAttempt(id);
    if (!call) return page;
    let status;
    try {
      // Even when the IPN got here first: the status comes from the stream, not a read model that may lag.
      status = (await this.commandBus.execute(new SettleGatewayCall(call, ctx))).state.status;
    } catch (error) {
      // The gateway cannot tell us now: the page shows what we know, the IPN or the reconciliation settles it.
      if (!(error instanceof DomainError)) throw error;
      return page;
    }
    if (!payment.returnUrl || (status !== 'completed' && status !== 'failed')) return page;
    const back = new URL(payment.returnUrl);
    back.searchParams.set('paymentId', id);
    back.searchParams.set('status', status);
    // The names Stripe's return pages read (stripe-compat/stripe-ids.ts makes the same pi_ id), so a
    // page written for Stripe works unchanged: the PaymentIntent and how its redirect ended.
    back.searchParams.set('payment_intent', `pi_${id.replaceAll('-', '')}`);
    back.searchParams.set('redirect_status', status === 'completed' ? 'succeeded' : 'failed');
    return { url: back.toString() };
  }
}
