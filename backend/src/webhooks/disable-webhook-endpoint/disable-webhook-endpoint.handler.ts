import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { webhookEndpointDecider } from '../webhook-endpoint.decider.js';
import { DisableWebhookEndpoint } from './disable-webhook-endpoint.command.js';

@CommandHandler(DisableWebhookEndpoint)
export class DisableWebhookEndpointHandler implements ICommandHandler<DisableWebhookEndpoint> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ endpointId, reason, context }: DisableWebhookEndpoint): Promise<void> {
    const command = { type: 'DisableWebhookEndpoint' as const, reason, at: context.now };
    await this.commands.decideAndAppend(streamNames.webhookEndpoint(endpointId), webhookEndpointDecider, command, context, { retryOnConflict: true });
  }
}
