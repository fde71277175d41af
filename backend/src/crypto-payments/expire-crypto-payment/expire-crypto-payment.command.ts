import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** The payment's time is up (context.now at or after expiresAt) and nothing was paid. */
export class ExpireCryptoPayment extends Command<void> {
  constructor(
    readonly paymentId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
