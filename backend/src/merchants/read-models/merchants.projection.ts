import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { foldRows } from '../../platform/projections/rebuild/bulk-rows.js';
import { isMerchantEvent, type MerchantEvent } from '../merchant.events.js';
import { MerchantView } from './merchant.entity.js';
import { eventDate } from '../../platform/projections/event-date.js';

const merchantIdOf = (stored: StoredEvent) => (isMerchantEvent(stored) ? stored.data.merchantId : undefined);

/** The merchant row after the event; undefined when the event changes nothing. */
function evolveMerchant(row: MerchantView | undefined, stored: StoredEvent): MerchantView | undefined {
  if (!isMerchantEvent(stored)) return undefined;
  const event = stored;
  switch (event.type) {
    case 'MerchantRegistered': {
      const { merchantId, ownerUserId, companyName, email, website, businessType, environment, isActive, registeredAt } = event.data;
      return { id: merchantId, ownerUserId, companyName, email, website, businessType, environment, isActive, createdAt: eventDate(registeredAt, 'registeredAt') };
    }
    case 'EnvironmentSwitched':
      return row && { ...row, environment: event.data.to };
    case 'MerchantActivated':
      return row && { ...row, isActive: true };
    default:
      return undefined;
  }
}

@AsProcessor()
@Injectable()
export class MerchantsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'merchants';
  readonly tables = ['merchants'];
  readonly handles = ['MerchantRegistered', 'EnvironmentSwitched', 'MerchantActivated'] satisfies MerchantEvent['type'][];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (!isMerchantEvent(stored)) return;
    const event = stored;
    switch (event.type) {
      case 'MerchantRegistered':
        await manager.upsert(MerchantView, evolveMerchant(undefined, stored)!, ['id']);
        return;
      case 'EnvironmentSwitched':
        await manager.update(MerchantView, { id: event.data.merchantId }, { environment: event.data.to });
        return;
      case 'MerchantActivated':
        await manager.update(MerchantView, { id: event.data.merchantId }, { isActive: true });
        return;
    }
  }

  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    await foldRows(manager, MerchantView, events, merchantIdOf, evolveMerchant);
  }
}
