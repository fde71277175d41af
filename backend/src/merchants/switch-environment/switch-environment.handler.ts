import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { merchantDecider } from '../merchant.decider.js';
import { SwitchEnvironment } from './switch-environment.command.js';

@CommandHandler(SwitchEnvironment)
export class SwitchEnvironmentHandler implements ICommandHandler<SwitchEnvironment> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ merchantId, to, context }: SwitchEnvironment): Promise<void> {
    await this.commands.decideAndAppend(streamNames.merchant(merchantId), merchantDecider, { type: 'SwitchEnvironment', to, at: context.now }, context);
  }
}
