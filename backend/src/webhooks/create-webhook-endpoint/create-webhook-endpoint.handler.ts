import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { WebhookEndpoint } from '@tallyline/contracts';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { AppConfig } from '../../platform/config/app-config.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { EndpointSecrets } from '../endpoints/endpoint-secrets.js';
import { checkWebhookUrl } from '../endpoints/url-guard.js';
import { webhookEndpointDecider } from '../webhook-endpoint.decider.js';
import { CreateWebhookEndpoint } from './create-webhook-endpoint.command.js';

@CommandHandler(CreateWebhookEndpoint)
export class CreateWebhookEndpointHandler implements ICommandHandler<CreateWebhookEndpoint> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly secrets: EndpointSecrets,
    private readonly config: AppConfig,
  ) {}

  async execute({ merchantId, environment, input, context, format }: CreateWebhookEndpoint): Promise<WebhookEndpoint> {
    const url = await checkWebhookUrl(input.url, this.config.webhooks.allowPrivate);
    const { secret, secretSalt, secretLast4 } = this.secrets.issue();
    const endpointId = randomUUID();
    const command = { type: 'CreateWebhookEndpoint' as const, endpointId, merchantId, environment, ...input, url, secretSalt, secretLast4, ...(format ? { format } : {}), at: context.now };
    await this.commands.decideAndAppend(streamNames.webhookEndpoint(endpointId), webhookEndpointDecider, command, context);
    return { id: endpointId, ...input, url, environment, enabled: true, disabledReason: null, secret, createdAt: context.now.toISOString() };
  }
}
