import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** Public API of the merchants feature: onboarding activates a merchant whose application was approved. */
export class ActivateMerchant extends Command<void> {
  constructor(
    readonly input: { merchantId: string; reason: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
