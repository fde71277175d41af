import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../platform/commands/command-context.js';
import type { Caller } from '../payment-intents.queries.js';

/**
 * Stripe's Idempotency-Key on confirm, cancel and refunds: binds the key to its first request's route
 * and parameters. Answers true on the key's first use, false on a retry of the same request (which
 * then does not perform it again but answers the object as it stands); another request with it is
 * refused (StripeIdempotencyError).
 */
export class BindIdempotencyKey extends Command<boolean> {
  constructor(
    readonly caller: Caller,
    readonly key: string,
    readonly request: string,
    readonly params: unknown,
    readonly context: CommandContext,
  ) {
    super();
  }
}
