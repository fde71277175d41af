import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { EndpointSecrets } from '../endpoints/endpoint-secrets.js';
import { webhookEndpointDecider } from '../webhook-endpoint.decider.js';
import { RotateWebhookSecret } from './rotate-webhook-secret.command.js';

/** No retry on a concurrent rotation: of two, one wins and the loser's secret was never stored (409). */
@CommandHandler(RotateWebhookSecret)
export class RotateWebhookSecretHandler implements ICommandHandler<RotateWebhookSecret> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly secrets: EndpointSecrets,
  ) {}

  async execute({ merchantId, endpointId, context }: RotateWebhookSecret): Promise<string> {
    const { secret, secretSalt, secretLast4 } = this.secrets.issue();
    const command = { type: 'RotateWebhookSecret' as const, merchantId, secretSalt, secretLast4, at: context.now };
    await this.commands.decideAndAppend(streamNames.webhookEndpoint(endpointId), webhookEndpointDecider, command, context);
    return secret;
  }
}
