import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { AUTH_MESSAGES } from '@tallyline/contracts';
import * as argon2 from 'argon2';
import { Repository } from 'typeorm';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { DomainError } from '../../platform/domain-error.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { LoginThrottle } from '../login/login-throttle.js';
import { UserCredentials } from '../read-models/user.entity.js';
import { userDecider } from '../user.decider.js';
import { USER_SCHEMA_VERSIONS } from '../user.events.js';
import { ChangePassword } from './change-password.command.js';

/**
 * The current password is checked as a sign-in checks it, wrong guesses counting towards the same limit
 * (a stolen session must not become a free password oracle). The append waits for the users projection,
 * so when this answers the new password signs in and the sessions issued under the old one are refused.
 */
@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly throttle: LoginThrottle,
    @InjectRepository(UserCredentials) private readonly credentials: Repository<UserCredentials>,
  ) {}

  async execute({ userId, input, context }: ChangePassword): Promise<number> {
    const found = await this.credentials.findOneBy({ userId });
    if (!found) throw new DomainError('not_found', 'User not found');
    const ip = context.ip ?? 'unknown';
    await this.throttle.assertAllowed(found.email, ip, context.now);
    if (!(await argon2.verify(found.passwordHash, input.currentPassword).catch(() => false))) {
      await this.throttle.recordFailure(found.email, ip, context.now);
      throw DomainError.validation([{ field: 'currentPassword', message: AUTH_MESSAGES.wrongCurrentPassword }]);
    }
    await this.throttle.clear(found.email, ip);
    const passwordHash = await argon2.hash(input.newPassword, { type: argon2.argon2id });
    const command = { type: 'ChangePassword' as const, passwordHash, at: context.now };
    const { events } = await this.commands.decideAndAppend(streamNames.user(userId), userDecider, command, context, { schemaVersions: USER_SCHEMA_VERSIONS });
    return events[0]!.streamVersion;
  }
}
