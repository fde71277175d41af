import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { paymentMethodDecider } from '../payment-method.decider.js';
import { AddPaymentMethod } from './add-payment-method.command.js';

@CommandHandler(AddPaymentMethod)
export class AddPaymentMethodHandler implements ICommandHandler<AddPaymentMethod> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ merchantId, input, context }: AddPaymentMethod): Promise<{ paymentMethodId: string }> {
    const paymentMethodId = randomUUID();
    const { name, type: methodType, isActive, processingFee: processingFeeBps, fixedFee: fixedFeeMinor } = input;
    const command = { type: 'AddPaymentMethod' as const, paymentMethodId, merchantId, name, methodType, isActive, processingFeeBps, fixedFeeMinor, at: context.now };
    await this.commands.decideAndAppend(streamNames.paymentMethod(paymentMethodId), paymentMethodDecider, command, context);
    return { paymentMethodId };
  }
}
