import type { Role } from '@tallyline/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { DomainError } from '../platform/domain-error.js';
import type { UserEvent } from './user.events.js';

export type UserState = { status: 'none' } | { status: 'registered'; email: string; role: Role };

export interface RegisterUserCommand {
  type: 'RegisterUser';
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  at: Date;
}

export type UserCommand = RegisterUserCommand;

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'UserRegistered':
        return { status: 'registered', email: event.data.email, role: event.data.role };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status === 'registered') throw new DomainError('conflict', 'User already registered');
        const { userId, email, firstName, lastName, role, at } = command;
        return [{ type: 'UserRegistered', data: { userId, email, firstName, lastName, role, registeredAt: at.toISOString() } }];
      }
    }
  },
};
