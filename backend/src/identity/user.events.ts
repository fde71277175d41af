import type { Role } from '@tallyline/contracts';

/** A person got an account. No password or hash: credentials are state, kept in user_credentials. */
export interface UserRegistered {
  type: 'UserRegistered';
  data: { userId: string; email: string; firstName: string; lastName: string; role: Role; registeredAt: string };
}

export type UserEvent = UserRegistered;
