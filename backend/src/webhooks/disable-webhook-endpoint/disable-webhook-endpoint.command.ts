import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** The delivery worker's, for an endpoint that kept failing; a no-op when already disabled. */
export class DisableWebhookEndpoint extends Command<void> {
  constructor(
    readonly endpointId: string,
    readonly reason: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
