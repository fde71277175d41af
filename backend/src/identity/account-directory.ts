import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Not, Repository } from 'typeorm';
import { UserView } from './read-models/user.entity.js';

/** What other parts of the app may ask about accounts, without knowing identity's tables. */
@Injectable()
export class AccountDirectory {
  /** The projection its answers come from, for callers that need it up to a position first. */
  readonly projection = 'users';

  constructor(@InjectRepository(UserView) private readonly users: Repository<UserView>) {}

  /** Whether any account exists besides the one with this e-mail (the configured staff account). */
  anyBesides(email: string | undefined): Promise<boolean> {
    return this.users.exists({ where: { email: Not((email ?? '').toLowerCase()) } });
  }

  /** The id of the account signed up with this e-mail, if any (one merchant per account, with the same id). */
  async idOf(email: string): Promise<string | undefined> {
    return (await this.users.findOne({ where: { email: email.toLowerCase() }, select: { id: true } }))?.id;
  }
}
