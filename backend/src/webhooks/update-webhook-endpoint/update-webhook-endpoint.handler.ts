import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { AppConfig } from '../../platform/config/app-config.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { checkWebhookUrl } from '../endpoints/url-guard.js';
import { webhookEndpointDecider } from '../webhook-endpoint.decider.js';
import { UpdateWebhookEndpoint } from './update-webhook-endpoint.command.js';

@CommandHandler(UpdateWebhookEndpoint)
export class UpdateWebhookEndpointHandler implements ICommandHandler<UpdateWebhookEndpoint> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly config: AppConfig,
  ) {}

  async execute({ merchantId, endpointId, changes, context }: UpdateWebhookEndpoint): Promise<void> {
    const url = changes.url === undefined ? undefined : await checkWebhookUrl(changes.url, this.config.webhooks.allowPrivate);
    const command = { type: 'UpdateWebhookEndpoint' as const, merchantId, ...changes, url, at: context.now };
    await this.commands.decideAndAppend(streamNames.webhookEndpoint(endpointId), webhookEndpointDecider, command, context, { retryOnConflict: true });
  }
}
