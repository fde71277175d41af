import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { AUTH_MESSAGES, type User } from '@tallyline/contracts';
import * as argon2 from 'argon2';
import { QueryFailedError, Repository } from 'typeorm';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { DomainError } from '../../platform/domain-error.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { UserCredentials } from '../read-models/user.entity.js';
import { userDecider } from '../user.decider.js';
import { RegisterUser } from './register-user.command.js';

@CommandHandler(RegisterUser)
export class RegisterUserHandler implements ICommandHandler<RegisterUser> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @InjectRepository(UserCredentials) private readonly credentials: Repository<UserCredentials>,
  ) {}

  async execute({ input, context }: RegisterUser): Promise<User> {
    const userId = randomUUID();
    const email = input.email.trim().toLowerCase();
    const passwordHash = await argon2.hash(input.password, { type: argon2.argon2id });
    // The unique e-mail column is the claim: two concurrent sign-ups cannot both win.
    try {
      await this.credentials.insert({ userId, email, passwordHash });
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505') {
        throw new DomainError('conflict', AUTH_MESSAGES.emailTaken, [{ field: 'email', message: AUTH_MESSAGES.emailTaken }]);
      }
      throw error;
    }
    try {
      const command = { type: 'RegisterUser' as const, userId, email, firstName: input.firstName, lastName: input.lastName, role: input.role, at: context.now };
      await this.commands.handle(streamNames.user(userId), userDecider, command, context);
    } catch (error) {
      await this.credentials.delete({ userId });
      throw error;
    }
    return { id: userId, email, firstName: input.firstName, lastName: input.lastName, role: input.role };
  }
}
