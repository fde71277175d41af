import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../platform/commands/command-context.js';
import type { CryptoPaymentState } from '../crypto-payment.decider.js';

/** Staging only: the hosted page plays the provider reporting the payer's transaction confirmed or failed. */
export class SimulateCryptoPayment extends Command<CryptoPaymentState> {
  constructor(
    readonly paymentId: string,
    readonly outcome: 'confirm' | 'fail',
    readonly context: CommandContext,
  ) {
    super();
  }
}
