import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PAYMENT_MESSAGES, type RefundResult } from '@tallyline/contracts';
import { clockOf } from '../../platform/commands/command-context.js';
import { fold } from '../../platform/commands/decider.js';
import { EventSourcedCommands, type HandleResult } from '../../platform/commands/event-sourced-commands.js';
import { AppConfig } from '../../platform/config/app-config.js';
import { DomainError } from '../../platform/domain-error.js';
import { EventStore } from '../../platform/event-store/event-store.port.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { refundOutcome, targetOf } from '../gateway/outcomes.js';
import { PaymentGateway } from '../gateway/payment-gateway.js';
import { existingPayment, paymentDecider, type ExistingPayment, type PaymentState, type RefundOutcome } from '../payment.decider.js';
import { isPaymentEvent, type PaymentEvent } from '../payment.events.js';
import { SettleGatewayCall } from '../settle-gateway-call/settle-gateway-call.command.js';
import { firstAnswerOf, refundAnswer } from './refund-answer.js';
import { RefundPayment } from './refund-payment.command.js';

@CommandHandler(RefundPayment)
export class RefundPaymentHandler implements ICommandHandler<RefundPayment> {
  private readonly logger = new Logger(RefundPaymentHandler.name);

  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly commandBus: CommandBus,
    private readonly gateway: PaymentGateway,
    private readonly config: AppConfig,
    private readonly store: EventStore,
  ) {}

  async execute({ merchantId, paymentId, amountMinor, context, refundId: given, labels }: RefundPayment): Promise<RefundResult> {
    const clock = clockOf(context);
    const stream = streamNames.payment(paymentId);
    const history = await this.historyOf(stream);
    const { created: payment } = existingPayment(fold(paymentDecider, history));
    // Another merchant's payment is just as unknown as a missing one.
    if (payment.merchantId !== merchantId) throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
    // The refund an Idempotency-Key names may be made already (a retry) or being made (a double submit).
    const earlier = given && firstAnswerOf(history, given);
    if (earlier) return earlier;
    const target = targetOf(this.config, payment.environment);
    const refundId = given ?? randomUUID();
    const reference = `refund_${refundId}`;
    // Expected-version append: of concurrent refunds one gets in, the others retry once and meet it (409).
    let requested: HandleResult<PaymentState>;
    try {
      requested = await this.commands.decideAndAppend(stream, paymentDecider, { type: 'RequestRefund', refundId, amountMinor, reference, ...labels, at: context.now }, context, { retryOnConflict: true });
    } catch (error) {
      // What we met may be the same key's concurrent request: its answer then, or 409 while it is being made.
      const first = given && error instanceof DomainError && error.code === 'conflict' && firstAnswerOf(await this.historyOf(stream), given);
      if (first) return first;
      throw error;
    }
    const { refund, gatewayTransactionId } = existingPayment(requested.state);
    if (!refund || !gatewayTransactionId) throw new Error(`Refund ${refundId} was requested but is not pending`);

    let state: ExistingPayment;
    try {
      const answer = await this.gateway.refund(target, { transactionId: gatewayTransactionId, amountMinor: refund.amountMinor, currency: payment.currency, reference });
      const outcome: RefundOutcome = refundOutcome(answer);
      state = existingPayment((await this.commands.decideAndAppend(stream, paymentDecider, { type: 'RecordRefundOutcome', refundId, outcome, at: clock() }, context, { retryOnConflict: true })).state);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // No usable answer: whether the gateway refunded is for its own record to say.
      this.logger.warn(`Refund ${reference} got no usable answer (${(error as Error).message}); asking CheckTransaction`);
      const call = { callId: refundId, reference, paymentId, kind: 'refund' as const };
      state = (await this.commandBus.execute(new SettleGatewayCall(call, context))).state;
    }
    if (state.settledRefunds[refundId] !== 'completed') throw new DomainError('bad_gateway', PAYMENT_MESSAGES.refundFailed);
    return refundAnswer(state, refundId, refund.amountMinor);
  }

  private async historyOf(stream: string): Promise<PaymentEvent[]> {
    return (await this.store.readStream(stream)).filter(isPaymentEvent);
  }
}
