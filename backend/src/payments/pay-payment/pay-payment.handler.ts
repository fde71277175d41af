import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PAYMENT_MESSAGES, type CheckoutPayResult } from '@tallyline/contracts';
import { clockOf } from '../../platform/commands/command-context.js';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { AppConfig } from '../../platform/config/app-config.js';
import { DomainError } from '../../platform/domain-error.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { messageOf, NO_TRANSACTION_CODE, reachGateway, saleOutcome, targetOf } from '../gateway/outcomes.js';
import { GATEWAY_MESSAGES, PaymentGateway } from '../gateway/payment-gateway.js';
import { existingPayment, paymentDecider } from '../payment.decider.js';
import { SettleGatewayCall, type GatewayCall } from '../settle-gateway-call/settle-gateway-call.command.js';
import { PayPayment } from './pay-payment.command.js';

@CommandHandler(PayPayment)
export class PayPaymentHandler implements ICommandHandler<PayPayment> {
  private readonly logger = new Logger(PayPaymentHandler.name);

  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly commandBus: CommandBus,
    private readonly gateway: PaymentGateway,
    private readonly config: AppConfig,
  ) {}

  async execute({ paymentId, token, context, confirmation }: PayPayment): Promise<CheckoutPayResult> {
    const clock = clockOf(context);
    const stream = streamNames.payment(paymentId);
    const { status, created: payment } = existingPayment(await this.commands.stateOf(stream, paymentDecider));
    // The decider is the guard (also against concurrent pays); this only spares the gateway a token lookup.
    if (status !== 'pending') throw new DomainError('illegal_state', PAYMENT_MESSAGES.alreadyPaid);
    const target = targetOf(this.config, payment.environment);
    const card = await reachGateway('Token lookup', () => this.gateway.describeToken(target, token));
    if (!card) throw new DomainError('unprocessable', PAYMENT_MESSAGES.invalidToken, [{ field: 'token', message: PAYMENT_MESSAGES.invalidToken }]);

    const attemptId = randomUUID();
    const reference = `pay_${attemptId}`;
    const attempt = { type: 'AttemptPayment' as const, attemptId, reference, cardBrand: card.brand, cardLast4: card.last4, at: context.now, ...confirmation };
    // Of concurrent pays one appends; the others retry once and meet the attempt in progress (409).
    await this.commands.decideAndAppend(stream, paymentDecider, attempt, context, { retryOnConflict: true });

    const pageUrl = `${this.config.publicUrl}/pay/${paymentId}`;
    let answer;
    try {
      answer = await this.gateway.sale(target, {
        token,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        reference,
        customer: { email: payment.customerEmail, fullName: payment.customerName },
        ...(context.backdated ? {} : { ipnUrl: `${this.config.publicUrl}/api/webhooks/${this.config.gateway.name}` }),
        successUrl: confirmation.returnUrl ?? payment.returnUrl ?? pageUrl,
        cancelUrl: confirmation.returnUrl ?? payment.returnUrl ?? pageUrl,
        end3DSPostbackUrl: `${this.config.publicUrl}/api/checkout/${paymentId}/3ds-return`,
      });
      const outcome = saleOutcome(answer);
      const { state } = await this.commands.decideAndAppend(stream, paymentDecider, { type: 'RecordPaymentOutcome', attemptId, outcome, at: clock() }, context, { retryOnConflict: true });
      return {
        status: state.status === 'none' ? 'pending' : state.status,
        resultCode: answer.resultCode,
        message: messageOf(answer.resultCode, answer.resultMessage),
        ...(outcome.kind === 'requires_action' ? { redirectUrl: outcome.redirectUrl } : {}),
      };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // No usable answer: the gateway may have charged or not. Its own record decides.
      this.logger.warn(`Sale ${reference} got no usable answer (${(error as Error).message}); asking CheckTransaction`);
      return this.settle({ callId: attemptId, reference, paymentId, kind: 'attempt' }, context);
    }
  }

  private async settle(call: GatewayCall, context: PayPayment['context']): Promise<CheckoutPayResult> {
    const { state, checked } = await this.commandBus.execute(new SettleGatewayCall(call, context));
    if (!checked) return { status: state.status, resultCode: NO_TRANSACTION_CODE, message: GATEWAY_MESSAGES.system };
    return { status: state.status, resultCode: checked.resultCode, message: messageOf(checked.resultCode, checked.resultMessage) };
  }
}
