import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { foldRows, writeRows } from '../../platform/projections/rebuild/bulk-rows.js';
import { isMerchantEvent, type MerchantEvent } from '../merchant.events.js';
import { MerchantStatsView, MerchantView } from './merchant.entity.js';

const merchantIdOf = (stored: StoredEvent) => (isMerchantEvent(stored) ? stored.data.merchantId : undefined);

/** The merchant row after the event; undefined when the event changes nothing. */
function evolveMerchant(row: MerchantView | undefined, stored: StoredEvent): MerchantView | undefined {
  if (!isMerchantEvent(stored)) return undefined;
  const event = stored;
  switch (event.type) {
    case 'MerchantRegistered': {
      const { merchantId, ownerUserId, companyName, email, website, businessType, environment, isActive, registeredAt } = event.data;
      return { id: merchantId, ownerUserId, companyName, email, website, businessType, environment, isActive, createdAt: new Date(registeredAt) };
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

/** Starts every merchant at zero; the payments feature adds to it. */
@AsProcessor()
@Injectable()
export class MerchantStatsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'merchant-stats';
  readonly tables = ['merchant_stats'];
  readonly handles = ['MerchantRegistered'] satisfies MerchantEvent['type'][];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (!isMerchantEvent(stored) || stored.type !== 'MerchantRegistered') return;
    const { merchantId } = stored.data;
    await manager.createQueryBuilder().insert().into(MerchantStatsView).values({ merchantId }).orIgnore().execute();
  }

  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    const rows = events.filter(isMerchantEvent).flatMap((event) => (event.type === 'MerchantRegistered' ? [{ merchantId: event.data.merchantId }] : []));
    await writeRows(manager, MerchantStatsView, rows, 'ignore');
  }
}
