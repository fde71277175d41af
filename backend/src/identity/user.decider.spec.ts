import { describe, expect, it } from '@jest/globals';
import { userDecider, type RegisterUserCommand } from './user.decider.js';
import { deciderSpec } from '../platform/commands/decider-spec.js';

const { given, when } = deciderSpec(userDecider);
const at = new Date('2026-03-01T10:00:00Z');
const register: RegisterUserCommand = {
  type: 'RegisterUser',
  userId: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'merchant',
  passwordHash: '$argon2id$v=19$hash',
  at,
};

describe('a user that does not exist yet', () => {
  it('registers: UserRegistered with the password hash (never a password) and the time from the command', () => {
    expect(when([], register)).toEqual([
      {
        type: 'UserRegistered',
        data: { userId: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'merchant', passwordHash: '$argon2id$v=19$hash', registeredAt: '2026-03-01T10:00:00.000Z' },
      },
    ]);
  });

  it('has no credentials to import', () => {
    expect(() => when([], { type: 'ImportCredentials', passwordHash: 'h', at })).toThrow('User not found');
  });

  it('has no password to change', () => {
    expect(() => when([], { type: 'ChangePassword', passwordHash: 'h', at })).toThrow('User not found');
  });
});

describe('a registered user', () => {
  const registered = given(when([], register));

  it('cannot register again: the e-mail is taken', () => {
    expect(registered).toEqual({ status: 'registered', userId: 'u1', email: 'ada@example.com', role: 'merchant' });
    expect(() => userDecider.decide(register, registered)).toThrow('Email already registered');
  });

  it('adopts credentials from the table of before hashes travelled in events', () => {
    expect(userDecider.decide({ type: 'ImportCredentials', passwordHash: '$argon2id$old', at }, registered)).toEqual([
      { type: 'CredentialsImported', data: { userId: 'u1', email: 'ada@example.com', passwordHash: '$argon2id$old', importedAt: at.toISOString() } },
    ]);
  });

  it('changes the password: PasswordChanged with the new hash and its time, which ends earlier sessions', () => {
    const later = new Date('2026-04-01T08:30:00Z');
    expect(userDecider.decide({ type: 'ChangePassword', passwordHash: '$argon2id$new', at: later }, registered)).toEqual([
      { type: 'PasswordChanged', data: { userId: 'u1', email: 'ada@example.com', passwordHash: '$argon2id$new', changedAt: '2026-04-01T08:30:00.000Z' } },
    ]);
  });

  it('changes it again after a change: the account stays registered', () => {
    const changed = given([...when([], register), { type: 'PasswordChanged', data: { userId: 'u1', email: 'ada@example.com', passwordHash: 'h2', changedAt: at.toISOString() } }]);
    expect(changed).toEqual(registered);
    expect(userDecider.decide({ type: 'ChangePassword', passwordHash: 'h3', at }, changed)).toHaveLength(1);
  });
});
