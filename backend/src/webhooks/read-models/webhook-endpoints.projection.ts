import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { isWebhookEndpointEvent, type WebhookEndpointEvent } from '../webhook-endpoint.events.js';
import { WebhookEndpointView } from './webhook-endpoint.entity.js';
import { eventDate } from '../../platform/projections/event-date.js';

@AsProcessor()
@Injectable()
export class WebhookEndpointsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'webhook-endpoints';
  readonly tables = ['webhook_endpoints'];
  readonly handles = [
    'WebhookEndpointCreated',
    'WebhookEndpointUpdated',
    'WebhookEndpointSecretRotated',
    'WebhookEndpointDisabled',
    'WebhookEndpointDeleted',
  ] satisfies WebhookEndpointEvent['type'][];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (!isWebhookEndpointEvent(stored)) return;
    const event = stored;
    const id = event.data.endpointId;
    switch (event.type) {
      case 'WebhookEndpointCreated': {
        const { endpointId, createdAt, format = 'standard', ...data } = event.data;
        const row: WebhookEndpointView = { id: endpointId, ...data, format, enabled: true, disabledReason: null, createdAt: eventDate(createdAt, 'createdAt') };
        await manager.createQueryBuilder().insert().into(WebhookEndpointView).values(row).orIgnore().execute();
        return;
      }
      case 'WebhookEndpointUpdated': {
        const { endpointId: _id, updatedAt: _at, ...changes } = event.data;
        await manager.update(WebhookEndpointView, { id }, { ...changes, ...(changes.enabled === true ? { disabledReason: null } : {}) });
        return;
      }
      case 'WebhookEndpointSecretRotated':
        await manager.update(WebhookEndpointView, { id }, { secretSalt: event.data.secretSalt, secretLast4: event.data.secretLast4 });
        return;
      case 'WebhookEndpointDisabled':
        await manager.update(WebhookEndpointView, { id }, { enabled: false, disabledReason: event.data.reason });
        return;
      case 'WebhookEndpointDeleted':
        await manager.delete(WebhookEndpointView, { id });
        return;
    }
  }
}
