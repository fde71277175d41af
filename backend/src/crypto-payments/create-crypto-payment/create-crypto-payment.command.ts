import { Command } from '@nestjs/cqrs';
import type { cryptoPaymentCreateSchema, Environment } from '@tallyline/contracts';
import type { z } from 'zod';
import type { CommandContext } from '../../platform/commands/command-context.js';
import type { CryptoPaymentCreated } from '../crypto-payment.events.js';

export type CryptoPaymentCreateInput = Omit<z.output<typeof cryptoPaymentCreateSchema>, 'environment'>;

/**
 * A merchant asks for a crypto payment; the answer is what CryptoPaymentCreated recorded. With an
 * Idempotency-Key, a retry answers the first payment (its rate and address) rather than a new one.
 */
export class CreateCryptoPayment extends Command<CryptoPaymentCreated['data']> {
  constructor(
    readonly merchantId: string,
    readonly environment: Environment,
    readonly input: CryptoPaymentCreateInput,
    readonly idempotencyKey: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}
