import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Environment } from '@tallyline/contracts';
import { v5 as uuidv5 } from 'uuid';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { cryptoPaymentDecider, type CryptoPaymentState } from '../crypto-payment.decider.js';
import type { CryptoPaymentCreated } from '../crypto-payment.events.js';
import { cryptoAmountOf, ExchangeRates } from '../exchange-rates/exchange-rates.js';
import { CryptoProvider } from '../provider/crypto-provider.js';
import { CreateCryptoPayment, type CryptoPaymentCreateInput } from './create-crypto-payment.command.js';

/** Not the card payments' namespace: the same key on a card and a crypto payment names two payments. */
const IDEMPOTENT_CRYPTO_PAYMENT_NAMESPACE = '4bdf0ea7-b2c4-46eb-ba46-a529af08264f';

type Quoted = Pick<CryptoPaymentCreated['data'], 'cryptoAmount' | 'exchangeRate' | 'rateFetchedAt' | 'providerPaymentId' | 'address'>;

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

  async execute({ merchantId, environment, input, idempotencyKey, context }: CreateCryptoPayment): Promise<CryptoPaymentCreated['data']> {
    // The key names the payment, as for cards: a repeat (even a concurrent one) lands on the same stream,
    // where the expected-version append lets only one CryptoPaymentCreated in and the decider answers the rest.
    const paymentId = idempotencyKey ? uuidv5(`${merchantId}|${environment}|${idempotencyKey}`, IDEMPOTENT_CRYPTO_PAYMENT_NAMESPACE) : randomUUID();
    const stream = streamNames.cryptoPayment(paymentId);
    // A repeat is answered from its stream before anything is asked of the provider: a new quote could
    // answer another rate, and a second opened payment is one more the customer could pay.
    const known: CryptoPaymentState = idempotencyKey ? await this.commands.stateOf(stream, cryptoPaymentDecider) : { status: 'none' };
    // For a repeat the first quote only fills the command: the decider compares what was asked, not the quote.
    const quoted = known.status === 'none' ? await this.quoteAndOpen(paymentId, environment, input) : known.created;
    const { amountMinor, currency, targetCrypto, customerEmail, customerName, orderId } = input;
    const { cryptoAmount, exchangeRate, rateFetchedAt, providerPaymentId, address } = quoted;
    const command = {
      type: 'CreateCryptoPayment' as const,
      paymentId,
      merchantId,
      environment,
      amountMinor,
      currency,
      targetCrypto,
      customerEmail,
      customerName,
      orderId,
      cryptoAmount,
      exchangeRate,
      rateFetchedAt,
      providerPaymentId,
      address,
      at: context.now,
    };
    // probablyNew: a concurrent duplicate that also missed the stream fails the append, loads it and is answered.
    const options = { retryOnConflict: true, probablyNew: known.status === 'none' };
    const { state } = await this.commands.decideAndAppend(stream, cryptoPaymentDecider, command, context, options);
    if (state.status === 'none') throw new Error('A created crypto payment has no state');
    return state.created;
  }

  private async quoteAndOpen(paymentId: string, environment: Environment, { amountMinor, currency, targetCrypto }: CryptoPaymentCreateInput): Promise<Quoted> {
    const quote = await this.rates.quote(currency, targetCrypto, environment);
    const cryptoAmount = cryptoAmountOf(amountMinor, currency, quote.rate, targetCrypto);
    // The port promises the same payment for the same id, so a concurrent duplicate's open is a repeat, not a second payment.
    const opened = await this.provider.openPayment({ paymentId, environment, crypto: targetCrypto, cryptoAmount });
    return { cryptoAmount, exchangeRate: quote.rate, rateFetchedAt: quote.fetchedAt.toISOString(), ...opened };
  }
}
