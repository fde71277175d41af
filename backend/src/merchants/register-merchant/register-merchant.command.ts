import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** One merchant per user: the merchant's id is its owner's user id. */
export class RegisterMerchant extends Command<void> {
  constructor(
    readonly ownerUserId: string,
    readonly input: { companyName: string; email: string; website: string | null; businessType: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
