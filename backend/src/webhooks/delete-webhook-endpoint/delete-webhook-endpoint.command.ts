import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** Nothing more is sent to it, including deliveries already queued. */
export class DeleteWebhookEndpoint extends Command<void> {
  constructor(
    readonly merchantId: string,
    readonly endpointId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
