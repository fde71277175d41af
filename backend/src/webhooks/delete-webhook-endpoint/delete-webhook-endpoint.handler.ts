import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { webhookEndpointDecider } from '../webhook-endpoint.decider.js';
import { DeleteWebhookEndpoint } from './delete-webhook-endpoint.command.js';

@CommandHandler(DeleteWebhookEndpoint)
export class DeleteWebhookEndpointHandler implements ICommandHandler<DeleteWebhookEndpoint> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ merchantId, endpointId, context }: DeleteWebhookEndpoint): Promise<void> {
    const command = { type: 'DeleteWebhookEndpoint' as const, merchantId, at: context.now };
    await this.commands.decideAndAppend(streamNames.webhookEndpoint(endpointId), webhookEndpointDecider, command, context, { retryOnConflict: true });
  }
}
