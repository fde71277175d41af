import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../platform/commands/command-context.js';
import type { PaymentState } from '../payment.decider.js';

/** A merchant cancels a payment nobody has paid or is paying; canceling it again changes nothing. */
export class CancelPayment extends Command<PaymentState> {
  constructor(
    readonly merchantId: string,
    readonly paymentId: string,
    readonly reason: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}
