import { AUTH_MESSAGES, type Role } from '@tallyline/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { DomainError } from '../platform/domain-error.js';
import type { UserEvent } from './user.events.js';

export type UserState = { status: 'none' } | { status: 'registered'; userId: string; email: string; role: Role };

export interface RegisterUserCommand {
  type: 'RegisterUser';
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** argon2id, made by the handler: the decider never sees a password. */
  passwordHash: string;
  at: Date;
}

export interface ImportCredentialsCommand {
  type: 'ImportCredentials';
  passwordHash: string;
  at: Date;
}

/** The handler has checked the current password and hashed the new one. */
export interface ChangePasswordCommand {
  type: 'ChangePassword';
  passwordHash: string;
  at: Date;
}

export type UserCommand = RegisterUserCommand | ImportCredentialsCommand | ChangePasswordCommand;

export const emailTaken = () => new DomainError('conflict', AUTH_MESSAGES.emailTaken, [{ field: 'email', message: AUTH_MESSAGES.emailTaken }]);

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered':
        return { status: 'registered', userId: event.data.userId, email: event.data.email, role: event.data.role };
      case 'CredentialsImported':
      case 'PasswordChanged':
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status === 'registered') throw emailTaken();
        const { userId, email, firstName, lastName, role, passwordHash, at } = command;
        return [{ type: 'UserRegistered', data: { userId, email, firstName, lastName, role, passwordHash, registeredAt: at.toISOString() } }];
      }
      case 'ImportCredentials': {
        if (state.status !== 'registered') throw new DomainError('not_found', 'User not found');
        return [{ type: 'CredentialsImported', data: { userId: state.userId, email: state.email, passwordHash: command.passwordHash, importedAt: command.at.toISOString() } }];
      }
      case 'ChangePassword': {
        if (state.status !== 'registered') throw new DomainError('not_found', 'User not found');
        return [{ type: 'PasswordChanged', data: { userId: state.userId, email: state.email, passwordHash: command.passwordHash, changedAt: command.at.toISOString() } }];
      }
    }
  },
};
