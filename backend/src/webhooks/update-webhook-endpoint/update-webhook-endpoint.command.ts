import { Command } from '@nestjs/cqrs';
import type { WebhookEventType } from '@tallyline/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** PATCH: url, event types, enabled; what is absent stays. */
export class UpdateWebhookEndpoint extends Command<void> {
  constructor(
    readonly merchantId: string,
    readonly endpointId: string,
    readonly changes: { url?: string | undefined; eventTypes?: WebhookEventType[] | undefined; enabled?: boolean | undefined },
    readonly context: CommandContext,
  ) {
    super();
  }
}
