import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** The signed-in owner replaces the password: one PasswordChanged, which ends every session. Answers its stream version. */
export class ChangePassword extends Command<number> {
  constructor(
    readonly userId: string,
    readonly input: { currentPassword: string; newPassword: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
