import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PAYMENT_MESSAGES } from '@tallyline/contracts';
import { v5 as uuidv5 } from 'uuid';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { AppConfig } from '../../platform/config/app-config.js';
import { DomainError } from '../../platform/domain-error.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { gatewayTarget } from '../gateway/gateway-target.js';
import { paymentDecider } from '../payment.decider.js';
import type { PaymentCreated } from '../payment.events.js';
import { CreatePayment } from './create-payment.command.js';

const IDEMPOTENT_PAYMENT_NAMESPACE = '6f1d3c2e-8a4b-4f0e-9c57-2b9e51d0a7c3';

@CommandHandler(CreatePayment)
export class CreatePaymentHandler implements ICommandHandler<CreatePayment> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly config: AppConfig,
  ) {}

  async execute({ merchantId, environment, input, idempotencyKey, context, extras }: CreatePayment): Promise<PaymentCreated['data']> {
    if (!gatewayTarget(this.config, environment)) throw new DomainError('unavailable', PAYMENT_MESSAGES.gatewayNotConfigured);
    // The key names the payment: a repeat (even a concurrent one) lands on the same stream, where the
    // expected-version append lets only one PaymentCreated in and the decider answers the rest.
    const paymentId = idempotencyKey ? uuidv5(`${merchantId}|${environment}|${idempotencyKey}`, IDEMPOTENT_PAYMENT_NAMESPACE) : randomUUID();
    const { amount, ...fields } = input;
    const command = { type: 'CreatePayment' as const, paymentId, merchantId, environment, amountMinor: amount, ...fields, ...extras, idempotencyKey, at: context.now };
    const { state } = await this.commands.decideAndAppend(streamNames.payment(paymentId), paymentDecider, command, context, { retryOnConflict: true, probablyNew: true });
    if (state.status === 'none') throw new Error('A created payment has no state');
    return state.created;
  }
}
