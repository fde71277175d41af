import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PAYMENT_MESSAGES } from '@tallyline/contracts';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { DomainError } from '../../platform/domain-error.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { existingPayment, paymentDecider, type PaymentState } from '../payment.decider.js';
import { CancelPayment } from './cancel-payment.command.js';

@CommandHandler(CancelPayment)
export class CancelPaymentHandler implements ICommandHandler<CancelPayment> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ merchantId, paymentId, reason, context }: CancelPayment): Promise<PaymentState> {
    const stream = streamNames.payment(paymentId);
    // Another merchant's payment is just as unknown as a missing one.
    if (existingPayment(await this.commands.stateOf(stream, paymentDecider)).created.merchantId !== merchantId) {
      throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
    }
    const command = { type: 'CancelPayment' as const, reason, at: context.now };
    // Expected-version append: a pay racing the cancel either gets in first (cancel refused) or meets it.
    return (await this.commands.decideAndAppend(stream, paymentDecider, command, context, { retryOnConflict: true })).state;
  }
}
