import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { cryptoPaymentDecider } from '../crypto-payment.decider.js';
import type { CryptoPaymentCreated } from '../crypto-payment.events.js';
import { cryptoAmountOf, ExchangeRates } from '../exchange-rates/exchange-rates.js';
import { CryptoProvider } from '../provider/crypto-provider.js';
import { CreateCryptoPayment } from './create-crypto-payment.command.js';

/**
 * Quotes the rate (the minute's, as the page showed it), opens the payment with the provider, and
 * records both in CryptoPaymentCreated: from then on the rate and amounts are read, never recomputed.
 */
@CommandHandler(CreateCryptoPayment)
export class CreateCryptoPaymentHandler implements ICommandHandler<CreateCryptoPayment> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly rates: ExchangeRates,
    private readonly provider: CryptoProvider,
  ) {}

  async execute({ merchantId, environment, input, context }: CreateCryptoPayment): Promise<CryptoPaymentCreated['data']> {
    const paymentId = randomUUID();
    const { amountMinor, currency, targetCrypto } = input;
    const quote = await this.rates.quote(currency, targetCrypto, environment);
    const cryptoAmount = cryptoAmountOf(amountMinor, currency, quote.rate, targetCrypto);
    const opened = await this.provider.openPayment({ paymentId, environment, crypto: targetCrypto, cryptoAmount });
    const command = {
      type: 'CreateCryptoPayment' as const,
      paymentId,
      merchantId,
      environment,
      amountMinor,
      currency,
      targetCrypto,
      cryptoAmount,
      exchangeRate: quote.rate,
      rateFetchedAt: quote.fetchedAt.toISOString(),
      customerEmail: input.customerEmail,
      customerName: input.customerName,
      // Spec §5: an empty order ID becomes order_ plus a timestamp.
      orderId: input.orderId ?? `order_${context.now.getTime()}`,
      ...opened,
      at: context.now,
    };
    const { state } = await this.commands.decideAndAppend(streamNames.cryptoPayment(paymentId), cryptoPaymentDecider, command, context);
    if (state.status === 'none') throw new Error('A created crypto payment has no state');
    return state.created;
  }
}
