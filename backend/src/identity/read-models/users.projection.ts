import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import type { UserEvent } from '../user.events.js';
import { UserView } from './user.entity.js';

@AsProcessor()
@Injectable()
export class UsersProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'users';
  readonly tables = ['users'];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    const event = stored as unknown as UserEvent;
    if (event.type !== 'UserRegistered') return;
    const { userId, email, firstName, lastName, role, registeredAt } = event.data;
    await manager.upsert(UserView, { id: userId, email, firstName, lastName, role, createdAt: new Date(registeredAt) }, ['id']);
  }
}
