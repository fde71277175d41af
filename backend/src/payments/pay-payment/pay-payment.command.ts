import { Command } from '@nestjs/cqrs';
import type { CheckoutPayResult } from '@tallyline/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import type { AttemptChanges } from '../payment.events.js';

/**
 * The payer pays a pending payment on the hosted page with a card token from the gateway's
 * tokenization. The attempt is recorded before the gateway is called; the answer is its outcome.
 */
export class PayPayment extends Command<CheckoutPayResult> {
  constructor(
    readonly paymentId: string,
    readonly token: string,
    readonly context: CommandContext,
    /** Given at confirmation (Stripe's confirm), in place of those the payment was created with. */
    readonly confirmation: AttemptChanges = {},
  ) {
    super();
  }
}
