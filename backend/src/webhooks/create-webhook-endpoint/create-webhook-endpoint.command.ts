import { Command } from '@nestjs/cqrs';
import type { Environment, WebhookEndpoint, WebhookEventType } from '@tallyline/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** Answers the endpoint with its full secret: the only time it is shown, with rotation. */
export class CreateWebhookEndpoint extends Command<WebhookEndpoint> {
  constructor(
    readonly merchantId: string,
    readonly environment: Environment,
    readonly input: { url: string; description: string | null; eventTypes: WebhookEventType[] },
    readonly context: CommandContext,
    /** A registered WebhookFormat's name; undefined: standard webhooks. */
    readonly format?: string,
  ) {
    super();
  }
}
