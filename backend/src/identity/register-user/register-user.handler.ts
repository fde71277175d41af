import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { User } from '@tallyline/contracts';
import * as argon2 from 'argon2';
import { Repository } from 'typeorm';
import { v5 as uuidv5 } from 'uuid';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { DomainError } from '../../platform/domain-error.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { UserCredentials } from '../read-models/user.entity.js';
import { emailTaken, userDecider } from '../user.decider.js';
import { USER_SCHEMA_VERSIONS } from '../user.events.js';
import { RegisterUser } from './register-user.command.js';

/** Name-based (v5) user ids: one normalized e-mail, one id, one stream. */
const USER_ID_NAMESPACE = 'b5f0e0d2-6c1e-4d55-9a51-0f4b0c7e8a31';
const userIdFor = (normalizedEmail: string) => uuidv5(normalizedEmail, USER_ID_NAMESPACE);

/**
 * Sign-up is one append. The user's stream is named after the normalized e-mail (v5 uuid), so
 * appending UserRegistered with "no stream yet" is the e-mail claim: of concurrent sign-ups exactly
 * one wins. The hash travels in the event, so there is no earlier step a crash could leave behind.
 */
@CommandHandler(RegisterUser)
export class RegisterUserHandler implements ICommandHandler<RegisterUser> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @InjectRepository(UserCredentials) private readonly credentials: Repository<UserCredentials>,
  ) {}

  async execute({ input, context }: RegisterUser): Promise<User> {
    const email = input.email.trim().toLowerCase();
    // Accounts from before name-based ids have random ids; their e-mails are only in the projection.
    if (await this.credentials.existsBy({ email })) throw emailTaken();
    const userId = userIdFor(email);
    const passwordHash = await argon2.hash(input.password, { type: argon2.argon2id });
    const { firstName, lastName, role } = input;
    const command = { type: 'RegisterUser' as const, userId, email, firstName, lastName, role, passwordHash, at: context.now };
    try {
      await this.commands.decideAndAppend(streamNames.user(userId), userDecider, command, context, { schemaVersions: USER_SCHEMA_VERSIONS });
    } catch (error) {
      // A concurrent sign-up of the same e-mail appended first.
      if (error instanceof DomainError && error.code === 'conflict') throw emailTaken();
      throw error;
    }
    return { id: userId, email, firstName, lastName, role };
  }
}
