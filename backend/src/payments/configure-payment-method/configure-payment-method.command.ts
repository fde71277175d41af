import { Command } from '@nestjs/cqrs';
import type { configurePaymentMethodSchema } from '@tallyline/contracts';
import type { z } from 'zod';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** The merchant changes its own payment method's name, fees or active flag. */
export class ConfigurePaymentMethod extends Command<void> {
  constructor(
    readonly merchantId: string,
    readonly paymentMethodId: string,
    readonly input: z.output<typeof configurePaymentMethodSchema>,
    readonly context: CommandContext,
  ) {
    super();
  }
}
