import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { fold } from '../../platform/commands/decider.js';
import { AppConfig } from '../../platform/config/app-config.js';
import { EventStore } from '../../platform/event-store/event-store.port.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { checkedSaleOutcome, NEVER_RECEIVED, reachGateway, refundOutcome, targetOf } from '../gateway/outcomes.js';
import { GATEWAY_MESSAGES, PaymentGateway } from '../gateway/payment-gateway.js';
import { paymentDecider, type PaymentCommand, type PaymentState } from '../payment.decider.js';
import { isPaymentEvent } from '../payment.events.js';
import { PaymentQueries } from '../payments.queries.js';
import type { GatewayCallView } from '../read-models/gateway-call.entity.js';
import { SettleGatewayCall, type Settlement } from './settle-gateway-call.command.js';

@CommandHandler(SettleGatewayCall)
export class SettleGatewayCallHandler implements ICommandHandler<SettleGatewayCall> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly store: EventStore,
    private readonly gateway: PaymentGateway,
    private readonly payments: PaymentQueries,
    private readonly config: AppConfig,
  ) {}

  async execute({ call, context, checked: given }: SettleGatewayCall): Promise<Settlement> {
    const payment = await this.payments.find(call.paymentId);
    const target = targetOf(this.config, payment.environment);
    const checked = given !== undefined ? given : await reachGateway('CheckTransaction', () => this.gateway.checkTransaction(target, { reference: call.reference }));
    const command = commandFor(call, checked, context.now);
    const stream = streamNames.payment(call.paymentId);
    // Concurrent reporters (the answer, the IPN, another instance's reconciliation) retry once and find it recorded.
    const state = command
      ? (await this.commands.decideAndAppend(stream, paymentDecider, command, context, { retryOnConflict: true })).state
      : fold(paymentDecider, (await this.store.readStream(stream)).filter(isPaymentEvent));
    return { state: existing(state, call.paymentId), checked, settled: command !== undefined };
  }
}

/** Undefined: nothing to record yet (the payer is still at the 3-D Secure page). */
function commandFor(call: GatewayCallView, checked: Settlement['checked'], at: Date): PaymentCommand | undefined {
  if (call.kind === 'refund') {
    const outcome = checked ? refundOutcome(checked) : { kind: 'failed' as const, reason: GATEWAY_MESSAGES.system };
    return { type: 'RecordRefundOutcome', refundId: call.callId, outcome, at };
  }
  const outcome = checked ? checkedSaleOutcome(checked) : NEVER_RECEIVED;
  return outcome ? { type: 'RecordPaymentOutcome', attemptId: call.callId, outcome, at } : undefined;
}

function existing(state: PaymentState, paymentId: string): Settlement['state'] {
  if (state.status === 'none') throw new Error(`Payment ${paymentId} has no events`);
  return state;
}
