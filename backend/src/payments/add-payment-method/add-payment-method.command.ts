import { Command } from '@nestjs/cqrs';
import type { addPaymentMethodSchema } from '@tallyline/contracts';
import type { z } from 'zod';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** A merchant adds a custom payment method; answers its new id. */
export class AddPaymentMethod extends Command<{ paymentMethodId: string }> {
  constructor(
    readonly merchantId: string,
    readonly input: z.output<typeof addPaymentMethodSchema>,
    readonly context: CommandContext,
  ) {
    super();
  }
}
