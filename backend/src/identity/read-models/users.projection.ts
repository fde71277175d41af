import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { foldRows } from '../../platform/projections/rebuild/bulk-rows.js';
import { isUserEvent, type UserEvent } from '../user.events.js';
import { UserCredentials, UserView } from './user.entity.js';
import { eventDate } from '../../platform/projections/event-date.js';

/** The user row a registration writes (a repeated registration overwrites it). */
function userRow(stored: StoredEvent): UserView | undefined {
  if (!isUserEvent(stored) || stored.type !== 'UserRegistered') return undefined;
  const { userId, email, firstName, lastName, role, registeredAt } = stored.data;
  return { id: userId, email, firstName, lastName, role, createdAt: eventDate(registeredAt, 'registeredAt') };
}

/**
 * The credentials an event sets. v1 registrations have no hash: theirs arrive through CredentialsImported.
 * Each carries the version that set it: a password change ends the sessions issued under an earlier one.
 */
function credentialsRow(stored: StoredEvent): UserCredentials | undefined {
  if (!isUserEvent(stored)) return undefined;
  const { userId, email, passwordHash } = stored.data;
  return passwordHash ? { userId, email, passwordHash, passwordVersion: stored.streamVersion } : undefined;
}

/**
 * Users and their credentials in one projection: both rows commit in one transaction, so no moment
 * exists where an e-mail can sign in but the account is unknown.
 */
@AsProcessor()
@Injectable()
export class UsersProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'users';
  readonly tables = ['users', 'user_credentials'];
  readonly handles = ['UserRegistered', 'CredentialsImported', 'PasswordChanged'] satisfies UserEvent['type'][];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    const user = userRow(stored);
    if (user) await manager.upsert(UserView, user, ['id']);
    const credentials = credentialsRow(stored);
    if (credentials) await manager.upsert(UserCredentials, credentials, ['userId']);
  }

  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    await foldRows(manager, UserView, events, (event) => userRow(event)?.id, (_, event) => userRow(event));
    await foldRows(manager, UserCredentials, events, (event) => credentialsRow(event)?.userId, (row, event) => {
      const next = credentialsRow(event);
      return next && { ...row, ...next };
    });
  }
}
