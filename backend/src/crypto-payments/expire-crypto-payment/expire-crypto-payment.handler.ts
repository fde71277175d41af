import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { cryptoPaymentDecider } from '../crypto-payment.decider.js';
import { ExpireCryptoPayment } from './expire-crypto-payment.command.js';

@CommandHandler(ExpireCryptoPayment)
export class ExpireCryptoPaymentHandler implements ICommandHandler<ExpireCryptoPayment> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ paymentId, context }: ExpireCryptoPayment): Promise<void> {
    const command = { type: 'ExpireCryptoPayment' as const, at: context.now };
    // Safe to repeat: an expired payment records nothing more, so a concurrent scheduler pass is harmless.
    await this.commands.decideAndAppend(streamNames.cryptoPayment(paymentId), cryptoPaymentDecider, command, context, { retryOnConflict: true });
  }
}
