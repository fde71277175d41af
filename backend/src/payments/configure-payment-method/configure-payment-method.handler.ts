import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { paymentMethodDecider } from '../payment-method.decider.js';
import { ConfigurePaymentMethod } from './configure-payment-method.command.js';

@CommandHandler(ConfigurePaymentMethod)
export class ConfigurePaymentMethodHandler implements ICommandHandler<ConfigurePaymentMethod> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ merchantId, paymentMethodId, input, context }: ConfigurePaymentMethod): Promise<void> {
    const { name, isActive, processingFee: processingFeeBps, fixedFee: fixedFeeMinor } = input;
    const command = { type: 'ConfigurePaymentMethod' as const, merchantId, changes: { name, isActive, processingFeeBps, fixedFeeMinor }, at: context.now };
    // Changes are absolute values, so re-deciding on the latest state after a concurrent write is safe.
    await this.commands.decideAndAppend(streamNames.paymentMethod(paymentMethodId), paymentMethodDecider, command, context, { retryOnConflict: true });
  }
}
