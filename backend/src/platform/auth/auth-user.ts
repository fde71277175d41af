import type { Role } from '@tallyline/contracts';

/** The signed-in person, as the guards resolve it from the database on every request. */
export interface AuthUser {
  userId: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
}

/** A secret API key's owner: the merchant and the environment the key belongs to. */
export interface ApiKeyPrincipal {
  keyId: string;
  merchantId: string;
  environment: 'production' | 'staging';
}

/** Implemented by the identity feature: the platform does not know its tables. */
export abstract class UserLookup {
  abstract userById(userId: string): Promise<AuthUser | undefined>;
  /** The user a session token names, unless that session was signed out or ended by a password change. */
  abstract sessionUser(userId: string, tokenId: string, passwordVersion: number): Promise<AuthUser | undefined>;
}

/** Implemented by the merchants feature, which owns the keys. */
export abstract class ApiKeyLookup {
  abstract bySecret(secret: string): Promise<ApiKeyPrincipal | undefined>;
}
