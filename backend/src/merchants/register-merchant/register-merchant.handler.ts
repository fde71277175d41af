import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { merchantDecider } from '../merchant.decider.js';
import { RegisterMerchant } from './register-merchant.command.js';

@CommandHandler(RegisterMerchant)
export class RegisterMerchantHandler implements ICommandHandler<RegisterMerchant> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ ownerUserId, input, context }: RegisterMerchant): Promise<void> {
    const command = { type: 'RegisterMerchant' as const, merchantId: ownerUserId, ownerUserId, ...input, email: input.email.toLowerCase(), at: context.now };
    await this.commands.decideAndAppend(streamNames.merchant(ownerUserId), merchantDecider, command, context);
  }
}
