import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AUTH_MESSAGES } from '@tallyline/contracts';
import * as argon2 from 'argon2';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { DomainError } from '../../platform/domain-error.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { userDecider } from '../user.decider.js';
import { USER_SCHEMA_VERSIONS } from '../user.events.js';
import { PasswordResets } from './password-resets.js';
import { ResetPassword } from './reset-password.command.js';

/**
 * The link is claimed first (one UPDATE: of two clicks, one wins), then the password changed. Should the
 * append fail, the claim is released so the same link can be used again; a crash in between costs the
 * owner one more request for a link, never a password set twice.
 */
@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly resets: PasswordResets,
  ) {}

  async execute({ input, context }: ResetPassword): Promise<void> {
    const userId = await this.resets.claim(input.token, context.now);
    if (!userId) throw DomainError.validation([{ field: 'token', message: AUTH_MESSAGES.passwordResetInvalid }]);
    try {
      const passwordHash = await argon2.hash(input.newPassword, { type: argon2.argon2id });
      const command = { type: 'ChangePassword' as const, passwordHash, at: context.now };
      await this.commands.decideAndAppend(streamNames.user(userId), userDecider, command, { ...context, actor: { type: 'user', id: userId } }, { schemaVersions: USER_SCHEMA_VERSIONS });
    } catch (error) {
      await this.resets.release(input.token).catch(() => undefined);
      throw error;
    }
  }
}
