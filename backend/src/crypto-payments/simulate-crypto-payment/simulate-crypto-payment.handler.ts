import { randomBytes } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CRYPTO_MESSAGES } from '@tallyline/contracts';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { DomainError } from '../../platform/domain-error.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { cryptoPaymentDecider, type CryptoPaymentState } from '../crypto-payment.decider.js';
import { SimulateCryptoPayment } from './simulate-crypto-payment.command.js';

/** Confirmations a simulated transaction reports once confirmed (a common merchant threshold). */
const SIMULATED_CONFIRMATIONS = 6;

/**
 * What the provider would report: a transaction (fake hash) seen and confirmed, or seen and failed.
 * Production payments are refused: there only the provider says what happened.
 */
@CommandHandler(SimulateCryptoPayment)
export class SimulateCryptoPaymentHandler implements ICommandHandler<SimulateCryptoPayment> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ paymentId, outcome, context }: SimulateCryptoPayment): Promise<CryptoPaymentState> {
    const stream = streamNames.cryptoPayment(paymentId);
    const current = await this.commands.stateOf(stream, cryptoPaymentDecider);
    if (current.status !== 'none' && current.created.environment !== 'staging') throw new DomainError('forbidden', CRYPTO_MESSAGES.stagingOnly);
    const txHash = randomBytes(32).toString('hex');
    const blockchainTxHash = current.status !== 'none' && current.created.targetCrypto === 'BTC' ? txHash : `0x${txHash}`;
    const report =
      outcome === 'confirm'
        ? { type: 'RecordProviderStatus' as const, to: 'completed' as const, blockchainTxHash, confirmations: SIMULATED_CONFIRMATIONS, at: context.now }
        : { type: 'RecordProviderStatus' as const, to: 'failed' as const, blockchainTxHash, confirmations: 0, at: context.now };
    return (await this.commands.decideAndAppend(stream, cryptoPaymentDecider, report, context)).state;
  }
}
