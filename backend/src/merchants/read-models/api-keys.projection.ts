import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import type { MerchantEvent } from '../merchant.events.js';
import { ApiKeyRecord } from './merchant.entity.js';

/**
 * The `api_keys` table, from events only. A rotation's new key and the revocation of the key it
 * replaces come from one event, so they land in one transaction: never two working keys, never none.
 */
@AsProcessor()
@Injectable()
export class ApiKeysProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'api-keys';
  readonly tables = ['api_keys'];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    const event = stored as unknown as MerchantEvent;
    switch (event.type) {
      case 'ApiKeyRotated':
        await manager.update(ApiKeyRecord, { id: event.data.previousKeyId }, { revokedAt: new Date(event.data.rotatedAt) });
        return this.add(manager, event.data, event.data.rotatedAt);
      case 'ApiKeyIssued':
        return this.add(manager, event.data, event.data.issuedAt);
      case 'ApiKeyImported':
        return this.add(manager, event.data, event.data.createdAt);
    }
  }

  /**
   * A v1 event has no hash: that key, if still valid, arrives later through ApiKeyImported. An import
   * repeated after a crash (same key id) changes nothing.
   */
  private async add(
    manager: EntityManager,
    key: { keyId: string; merchantId: string; environment: ApiKeyRecord['environment']; prefix: string; keyHash: string | null; last4: string },
    at: string,
  ): Promise<void> {
    if (!key.keyHash) return;
    const { keyId, merchantId, environment, prefix, keyHash, last4 } = key;
    const row = { id: keyId, merchantId, environment, prefix, keyHash, last4, createdAt: new Date(at), revokedAt: null };
    await manager.createQueryBuilder().insert().into(ApiKeyRecord).values(row).orIgnore().execute();
  }
}
