import { Command } from '@nestjs/cqrs';
import type { Role, User } from '@tallyline/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** Creates an account: one UserRegistered (carrying the password hash) in the stream named after the e-mail. */
export class RegisterUser extends Command<User> {
  constructor(
    readonly input: { email: string; password: string; firstName: string; lastName: string; role: Role },
    readonly context: CommandContext,
  ) {
    super();
  }
}
