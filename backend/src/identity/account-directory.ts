import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Not, Repository } from 'typeorm';
import { UserView } from './read-models/user.entity.js';

/** What other parts of the app may ask about accounts, without knowing identity's tables. */
@Injectable()
export class AccountDirectory {
  constructor(@InjectRepository(UserView) private readonly users: Repository<UserView>) {}

  /** Whether any account exists besides the one with this e-mail (the configured staff account). */
  anyBesides(email: string | undefined): Promise<boolean> {
    return this.users.exists({ where: { email: Not((email ?? '').toLowerCase()) } });
  }
}
