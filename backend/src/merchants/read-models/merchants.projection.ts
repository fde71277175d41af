import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import type { MerchantEvent } from '../merchant.events.js';
import { MerchantStatsView, MerchantView } from './merchant.entity.js';

@AsProcessor()
@Injectable()
export class MerchantsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'merchants';
  readonly tables = ['merchants'];
  readonly handles = ['MerchantRegistered', 'EnvironmentSwitched', 'MerchantActivated'] satisfies MerchantEvent['type'][];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    const event = stored as unknown as MerchantEvent;
    switch (event.type) {
      case 'MerchantRegistered': {
        const { merchantId, registeredAt, ...rest } = event.data;
        await manager.upsert(MerchantView, { id: merchantId, ...rest, createdAt: new Date(registeredAt) }, ['id']);
        return;
      }
      case 'EnvironmentSwitched':
        await manager.update(MerchantView, { id: event.data.merchantId }, { environment: event.data.to });
        return;
      case 'MerchantActivated':
        await manager.update(MerchantView, { id: event.data.merchantId }, { isActive: true });
        return;
    }
  }
}

/** Starts every merchant at zero; the payments feature adds to it. */
@AsProcessor()
@Injectable()
export class MerchantStatsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'merchant-stats';
  readonly tables = ['merchant_stats'];
  readonly handles = ['MerchantRegistered'] satisfies MerchantEvent['type'][];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (stored.type !== 'MerchantRegistered') return;
    const { merchantId } = (stored as unknown as Extract<MerchantEvent, { type: 'MerchantRegistered' }>).data;
    await manager.createQueryBuilder().insert().into(MerchantStatsView).values({ merchantId }).orIgnore().execute();
  }
}
