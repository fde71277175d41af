import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { foldRows } from '../../platform/projections/rebuild/bulk-rows.js';
import { isMerchantEvent, type MerchantEvent } from '../merchant.events.js';
import { ApiKeyRecord } from './merchant.entity.js';
import { eventDate } from '../../platform/projections/event-date.js';

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
  readonly handles = ['ApiKeyRotated', 'ApiKeyIssued', 'ApiKeyImported'] satisfies MerchantEvent['type'][];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (!isMerchantEvent(stored)) return;
    const event = stored;
    switch (event.type) {
      case 'ApiKeyRotated':
        await manager.update(ApiKeyRecord, { id: event.data.previousKeyId }, { revokedAt: eventDate(event.data.rotatedAt, 'rotatedAt') });
        return this.add(manager, event.data, event.data.rotatedAt);
      case 'ApiKeyIssued':
        return this.add(manager, event.data, event.data.issuedAt);
      case 'ApiKeyImported':
        return this.add(manager, event.data, event.data.createdAt);
    }
  }

  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    await foldRows(manager, ApiKeyRecord, events, keysOf, evolveKey);
  }

  /**
   * A v1 event has no hash: that key, if still valid, arrives later through ApiKeyImported. An import
   * repeated after a crash (same key id) changes nothing.
   */
  private async add(
    manager: EntityManager,
    key: AddedKey,
    at: string,
  ): Promise<void> {
    const row = keyRow(key, at);
    if (row) await manager.createQueryBuilder().insert().into(ApiKeyRecord).values(row).orIgnore().execute();
  }
}

type AddedKey = { keyId: string; merchantId: string; environment: ApiKeyRecord['environment']; prefix: string; keyHash: string | null; last4: string };

function keyRow(key: AddedKey, at: string): ApiKeyRecord | undefined {
  if (!key.keyHash) return undefined;
  const { keyId, merchantId, environment, prefix, keyHash, last4 } = key;
  return { id: keyId, merchantId, environment, prefix, keyHash, last4, createdAt: eventDate(at, 'at'), revokedAt: null };
}

function keysOf(stored: StoredEvent): string[] | undefined {
  if (!isMerchantEvent(stored)) return undefined;
  const event = stored;
  if (event.type === 'ApiKeyRotated') return [event.data.previousKeyId, event.data.keyId];
  if (event.type === 'ApiKeyIssued' || event.type === 'ApiKeyImported') return [event.data.keyId];
  return undefined;
}

/** What `handle` does, for one of the event's keys: revoke the replaced key, or add a new one unless it exists. */
function evolveKey(row: ApiKeyRecord | undefined, stored: StoredEvent, key: string): ApiKeyRecord | undefined {
  if (!isMerchantEvent(stored)) return undefined;
  const event = stored;
  if (event.type === 'ApiKeyRotated' && key === event.data.previousKeyId) return row && { ...row, revokedAt: eventDate(event.data.rotatedAt, 'rotatedAt') };
  if (row) return undefined;
  if (event.type === 'ApiKeyRotated') return keyRow(event.data, event.data.rotatedAt);
  if (event.type === 'ApiKeyIssued') return keyRow(event.data, event.data.issuedAt);
  if (event.type === 'ApiKeyImported') return keyRow(event.data, event.data.createdAt);
  return undefined;
}
