import { describe, expect, it } from '@jest/globals';
import { userDecider, type RegisterUserCommand } from './user.decider.js';
import type { UserEvent } from './user.events.js';

const given = (events: UserEvent[]) => events.reduce(userDecider.evolve, userDecider.initialState());
const register: RegisterUserCommand = {
  type: 'RegisterUser',
  userId: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'merchant',
  at: new Date('2026-03-01T10:00:00Z'),
};

describe('a user that does not exist yet', () => {
  it('registers: UserRegistered with the time from the command and no secret', () => {
    expect(userDecider.decide(register, given([]))).toEqual([
      {
        type: 'UserRegistered',
        data: { userId: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'merchant', registeredAt: '2026-03-01T10:00:00.000Z' },
      },
    ]);
  });
});

describe('a registered user', () => {
  it('cannot register again', () => {
    const state = given(userDecider.decide(register, given([])));
    expect(state).toEqual({ status: 'registered', email: 'ada@example.com', role: 'merchant' });
    expect(() => userDecider.decide(register, state)).toThrow('User already registered');
  });
});
