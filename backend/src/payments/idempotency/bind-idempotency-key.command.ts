import { Command } from '@nestjs/cqrs';
import type { Environment } from '@tallyline/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** Whose key it is: the same key string of another merchant, or of the other environment, is another key. */
export interface IdempotencyKeyScope {
  merchantId: string;
  environment: Environment;
}

/**
 * An Idempotency-Key on a request that is not a create (a refund, Stripe's confirm and cancel): binds
 * the key to its first request's route and parameters. Answers true on the key's first use, false on
 * a retry of the same request (which then does not perform it again but answers the object as it
 * stands); another request with it is refused (422, PAYMENT_MESSAGES.idempotencyMismatch).
 * `bindFirstUse: false` is for a request about to be refused: a first use answers true but leaves the
 * key unbound, so its retry is refused again rather than taken for a retry of a request that worked.
 */
export class BindIdempotencyKey extends Command<boolean> {
  constructor(
    readonly scope: IdempotencyKeyScope,
    readonly key: string,
    readonly request: string,
    readonly params: unknown,
    readonly context: CommandContext,
    readonly bindFirstUse = true,
  ) {
    super();
  }
}
