import { API_KEY_PREFIX, type Environment } from '@tallyline/contracts';
import type { UpcasterRegistry } from '../platform/event-store/upcasting.js';

/**
 * Version 1 of ApiKeyIssued/ApiKeyRotated (before keys were event-sourced) carried no hash or prefix:
 * the key lived only in a directly-written table. On read they get their prefix and `keyHash: null`;
 * such keys come back into the projection through ApiKeyImported (legacy-secrets-import.ts).
 */
export function registerMerchantUpcasters(registry: UpcasterRegistry): void {
  for (const type of ['ApiKeyIssued', 'ApiKeyRotated']) {
    registry.register(type, (data, metadata) => {
      if (metadata.schemaVersion !== 1) return { data, metadata };
      const v1 = data as { environment: Environment };
      return { data: { ...v1, prefix: API_KEY_PREFIX[v1.environment], keyHash: null }, metadata: { ...metadata, schemaVersion: 2 } };
    });
  }
}
