import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../platform/commands/command-context.js';
import type { CheckedTransaction } from '../gateway/payment-gateway.js';
import type { ExistingPayment } from '../payment.decider.js';
import type { GatewayCallView } from '../read-models/gateway-call.entity.js';

/** What identifies one call to the gateway: the caller that made it knows this without a read model. */
export type GatewayCall = Pick<GatewayCallView, 'callId' | 'reference' | 'paymentId' | 'kind'>;

export interface Settlement {
  state: ExistingPayment;
  /** What the gateway said of the call; null when it has no such transaction. */
  checked: CheckedTransaction | null;
  /** false: nothing to record yet (the payer is still at the 3-D Secure page). */
  settled: boolean;
}

/**
 * Records the outcome of a call to the gateway as the gateway itself reports it (CheckTransaction by
 * the call's reference), never as a caller says: after a lost answer, a 3-D Secure return, at
 * reconciliation. `checked` is given when the caller already asked (the IPN, after verifying it).
 * A call the gateway never saw failed. Recording an outcome already recorded changes nothing.
 */
export class SettleGatewayCall extends Command<Settlement> {
  constructor(
    readonly call: GatewayCall,
    readonly context: CommandContext,
    readonly checked?: CheckedTransaction | null,
  ) {
    super();
  }
}
