import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UserLookup, type AuthUser } from '../platform/auth/auth-user.js';
import { UserView } from './read-models/user.entity.js';

@Injectable()
export class UsersTableLookup extends UserLookup {
  constructor(@InjectRepository(UserView) private readonly users: Repository<UserView>) {
    super();
  }

  async userById(userId: string): Promise<AuthUser | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(userId)) return undefined;
    const user = await this.users.findOneBy({ id: userId });
    return user ? { userId: user.id, email: user.email, role: user.role, firstName: user.firstName, lastName: user.lastName } : undefined;
  }
}
