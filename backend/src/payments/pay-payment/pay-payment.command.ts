import { Command } from '@nestjs/cqrs';
import type { CheckoutPayResult } from '@tallyline/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';

/**
 * The payer pays a pending payment on the hosted page with a card token from the gateway's
 * tokenization. The attempt is recorded before the gateway is called; the answer is its outcome.
 */
export class PayPayment extends Command<CheckoutPayResult> {
  constructor(
    readonly paymentId: string,
    readonly token: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
