import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { merchantDecider } from '../merchant.decider.js';
import { ActivateMerchant } from './activate-merchant.command.js';

@CommandHandler(ActivateMerchant)
export class ActivateMerchantHandler implements ICommandHandler<ActivateMerchant> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ input, context }: ActivateMerchant): Promise<void> {
    const command = { type: 'ActivateMerchant' as const, reason: input.reason, at: context.now };
    await this.commands.decideAndAppend(streamNames.merchant(input.merchantId), merchantDecider, command, context, { retryOnConflict: true });
  }
}
