import type { Role } from '@tallyline/contracts';
import { eventGuard } from '../platform/event-store/event-guard.js';

/**
 * A person got an account. The argon2id hash travels in the event (never the password), so the
 * credentials table is a projection and sign-up is one append: no half-made account. `passwordHash` is
 * null only on events from before (schemaVersion 1, see user.events.v1.ts).
 */
export interface UserRegistered {
  type: 'UserRegistered';
  data: { userId: string; email: string; firstName: string; lastName: string; role: Role; passwordHash: string | null; registeredAt: string };
}

/** Credentials of an account from before hashes travelled in events, adopted from the old table (legacy-credentials-import.ts). */
export interface CredentialsImported {
  type: 'CredentialsImported';
  data: { userId: string; email: string; passwordHash: string; importedAt: string };
}

/** The owner set a new password: the new hash signs in from now on, and every session begun before `changedAt` ends. */
export interface PasswordChanged {
  type: 'PasswordChanged';
  data: { userId: string; email: string; passwordHash: string; changedAt: string };
}

export type UserEvent = UserRegistered | CredentialsImported | PasswordChanged;

/** Schema versions of the current shapes (1 when absent). */
export const USER_SCHEMA_VERSIONS: Record<string, number> = { UserRegistered: 2 };

export const isUserEvent = eventGuard<UserEvent>({ UserRegistered: true, CredentialsImported: true, PasswordChanged: true });
