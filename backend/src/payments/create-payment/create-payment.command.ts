import { Command } from '@nestjs/cqrs';
import type { Environment, paymentCreateSchema } from '@tallyline/contracts';
import type { z } from 'zod';
import type { CommandContext } from '../../platform/commands/command-context.js';
import type { PaymentCreated } from '../payment.events.js';

export type PaymentCreateInput = Omit<z.output<typeof paymentCreateSchema>, 'environment'>;

/** What the Stripe-compatible API records besides (Stripe's metadata and payment_method). */
export interface PaymentCreateExtras {
  metadata?: Record<string, string>;
  paymentMethodRef?: string | null;
}

/**
 * A merchant asks for a payment. With an Idempotency-Key a repeat answers the first payment's
 * creation (nothing new recorded); the answer is what PaymentCreated recorded.
 */
export class CreatePayment extends Command<PaymentCreated['data']> {
  constructor(
    readonly merchantId: string,
    readonly environment: Environment,
    readonly input: PaymentCreateInput,
    readonly idempotencyKey: string | null,
    readonly context: CommandContext,
    readonly extras: PaymentCreateExtras = {},
  ) {
    super();
  }
}
