import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** Answers the new secret, shown this once; the old one stops signing at once. */
export class RotateWebhookSecret extends Command<string> {
  constructor(
    readonly merchantId: string,
    readonly endpointId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
