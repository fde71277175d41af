import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import type { UserEvent } from '../user.events.js';
import { UserCredentials, UserView } from './user.entity.js';

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
  readonly handles = ['UserRegistered', 'CredentialsImported'] satisfies UserEvent['type'][];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    const event = stored as unknown as UserEvent;
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, email, firstName, lastName, role, passwordHash, registeredAt } = event.data;
        await manager.upsert(UserView, { id: userId, email, firstName, lastName, role, createdAt: new Date(registeredAt) }, ['id']);
        // v1 events have no hash: those credentials arrive through CredentialsImported.
        if (passwordHash) await manager.upsert(UserCredentials, { userId, email, passwordHash }, ['userId']);
        return;
      }
      case 'CredentialsImported': {
        const { userId, email, passwordHash } = event.data;
        await manager.upsert(UserCredentials, { userId, email, passwordHash }, ['userId']);
        return;
      }
    }
  }
}
