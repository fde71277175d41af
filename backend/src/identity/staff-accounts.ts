import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { registerRequestSchema } from '@tallyline/contracts';
import { Repository } from 'typeorm';
import { systemContext } from '../platform/commands/command-context.js';
import { UserCredentials } from './read-models/user.entity.js';
import { RegisterUser } from './register-user/register-user.command.js';

/** Staff are never self-registered: they come from STAFF_EMAIL/STAFF_PASSWORD or `npm run staff:create`. */
@Injectable()
export class StaffAccounts {
  private readonly logger = new Logger(StaffAccounts.name);

  constructor(
    private readonly commandBus: CommandBus,
    @InjectRepository(UserCredentials) private readonly credentials: Repository<UserCredentials>,
  ) {}

  /** Creates the account unless the e-mail is taken; returns whether it created one. */
  async ensure(email: string, password: string, firstName = 'Staff', lastName = 'Reviewer'): Promise<boolean> {
    const input = registerRequestSchema.parse({ email, password, firstName, lastName });
    if (await this.credentials.existsBy({ email: input.email.toLowerCase() })) return false;
    await this.commandBus.execute(new RegisterUser({ ...input, role: 'staff' }, systemContext('staff-accounts')));
    this.logger.log(`Created staff account ${input.email}`);
    return true;
  }
}
