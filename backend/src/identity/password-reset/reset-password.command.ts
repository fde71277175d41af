import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** A new password through an e-mailed link: one PasswordChanged, which ends every session. */
export class ResetPassword extends Command<void> {
  constructor(
    readonly input: { token: string; newPassword: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
