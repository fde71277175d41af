import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { AppConfig } from '../../platform/config/app-config.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { checkedSaleOutcome, NEVER_RECEIVED, reachGateway, refundOutcome, targetOf } from '../gateway/outcomes.js';
import { GATEWAY_MESSAGES, PaymentGateway } from '../gateway/payment-gateway.js';
import { existingPayment, paymentDecider, type PaymentCommand } from '../payment.decider.js';
import { SettleGatewayCall, type GatewayCall, type Settlement } from './settle-gateway-call.command.js';

@CommandHandler(SettleGatewayCall)
export class SettleGatewayCallHandler implements ICommandHandler<SettleGatewayCall> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly gateway: PaymentGateway,
    private readonly config: AppConfig,
  ) {}

  async execute({ call, context, checked: given }: SettleGatewayCall): Promise<Settlement> {
    const stream = streamNames.payment(call.paymentId);
    const payment = existingPayment(await this.commands.stateOf(stream, paymentDecider));
    const target = targetOf(this.config, payment.created.environment);
    const checked = given !== undefined ? given : await reachGateway('CheckTransaction', () => this.gateway.checkTransaction(target, { reference: call.reference }));
    const command = commandFor(call, checked, context.now);
    if (!command) return { state: payment, checked, settled: false };
    // Concurrent reporters (the answer, the IPN, another instance's reconciliation) retry once and find it recorded.
    let { state } = await this.commands.decideAndAppend(stream, paymentDecider, command, context, { retryOnConflict: true });
    const dispute = call.kind === 'attempt' && checked?.dispute;
    if (dispute) {
      const opened = { type: 'RecordDispute' as const, disputeId: dispute.id, gatewayTransactionId: checked.transactionId, amountMinor: dispute.amountMinor, reason: dispute.reason, at: context.now };
      ({ state } = await this.commands.decideAndAppend(stream, paymentDecider, opened, context, { retryOnConflict: true }));
    }
    return { state: existingPayment(state), checked, settled: true };
  }
}

/** Undefined: nothing to record yet (the payer is still at the 3-D Secure page). */
function commandFor(call: GatewayCall, checked: Settlement['checked'], at: Date): PaymentCommand | undefined {
  if (call.kind === 'refund') {
    const outcome = checked ? refundOutcome(checked) : { kind: 'failed' as const, reason: GATEWAY_MESSAGES.system };
    return { type: 'RecordRefundOutcome', refundId: call.callId, outcome, at };
  }
  const outcome = checked ? checkedSaleOutcome(checked) : NEVER_RECEIVED;
  return outcome ? { type: 'RecordPaymentOutcome', attemptId: call.callId, outcome, at } : undefined;
}
