import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { formatMinor, PAYMENT_MESSAGES, type RefundResult } from '@tallyline/contracts';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { AppConfig } from '../../platform/config/app-config.js';
import { DomainError } from '../../platform/domain-error.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { refundOutcome, targetOf } from '../gateway/outcomes.js';
import { PaymentGateway } from '../gateway/payment-gateway.js';
import { existingPayment, paymentDecider, type ExistingPayment, type RefundOutcome } from '../payment.decider.js';
import { SettleGatewayCall } from '../settle-gateway-call/settle-gateway-call.command.js';
import { RefundPayment } from './refund-payment.command.js';

@CommandHandler(RefundPayment)
export class RefundPaymentHandler implements ICommandHandler<RefundPayment> {
  private readonly logger = new Logger(RefundPaymentHandler.name);

  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly commandBus: CommandBus,
    private readonly gateway: PaymentGateway,
    private readonly config: AppConfig,
  ) {}

  async execute({ merchantId, paymentId, amountMinor, context, refundId: given }: RefundPayment): Promise<RefundResult> {
    const stream = streamNames.payment(paymentId);
    const { created: payment } = existingPayment(await this.commands.stateOf(stream, paymentDecider));
    // Another merchant's payment is just as unknown as a missing one.
    if (payment.merchantId !== merchantId) throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
    const target = targetOf(this.config, payment.environment);
    const refundId = given ?? randomUUID();
    const reference = `refund_${refundId}`;
    // Expected-version append: of concurrent refunds one gets in, the others retry once and meet it (409).
    const requested = await this.commands.decideAndAppend(stream, paymentDecider, { type: 'RequestRefund', refundId, amountMinor, reference, at: context.now }, context, { retryOnConflict: true });
    const { refund, gatewayTransactionId } = existingPayment(requested.state);
    if (!refund || !gatewayTransactionId) throw new Error(`Refund ${refundId} was requested but is not pending`);

    let state: ExistingPayment;
    try {
      const answer = await this.gateway.refund(target, { transactionId: gatewayTransactionId, amountMinor: refund.amountMinor, currency: payment.currency, reference });
      const outcome: RefundOutcome = refundOutcome(answer);
      state = existingPayment((await this.commands.decideAndAppend(stream, paymentDecider, { type: 'RecordRefundOutcome', refundId, outcome, at: new Date() }, context, { retryOnConflict: true })).state);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // No usable answer: whether the gateway refunded is for its own record to say.
      this.logger.warn(`Refund ${reference} got no usable answer (${(error as Error).message}); asking CheckTransaction`);
      const call = { callId: refundId, reference, paymentId, kind: 'refund' as const };
      state = (await this.commandBus.execute(new SettleGatewayCall(call, context))).state;
    }
    if (state.settledRefunds[refundId] !== 'completed') throw new DomainError('bad_gateway', PAYMENT_MESSAGES.refundFailed);
    return {
      id: paymentId,
      status: state.status,
      refundId,
      refundStatus: 'completed',
      amount: formatMinor(refund.amountMinor, payment.currency),
      refundedAmount: formatMinor(state.refundedMinor, payment.currency),
      message: PAYMENT_MESSAGES.refundProcessed,
    };
  }
}
