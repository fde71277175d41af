import type { Environment } from '@tallyline/contracts';
import { eventGuard } from '../platform/event-store/event-guard.js';

export interface MerchantRegistered {
  type: 'MerchantRegistered';
  data: {
    merchantId: string;
    ownerUserId: string;
    companyName: string;
    email: string;
    website: string | null;
    businessType: string;
    environment: Environment;
    isActive: boolean;
    registeredAt: string;
  };
}

export interface EnvironmentSwitched {
  type: 'EnvironmentSwitched';
  data: { merchantId: string; from: Environment; to: Environment; switchedAt: string };
}

/**
 * What the `api_keys` projection needs to recognise a key: its sha256 (never the key itself), its
 * prefix (`sk_test_`/`sk_live_`) and last four characters for display. `keyHash` is null only on
 * events recorded before hashes travelled in events (schemaVersion 1, see merchant.events.v1.ts).
 */
interface IssuedKey {
  merchantId: string;
  keyId: string;
  environment: Environment;
  prefix: string;
  keyHash: string | null;
  last4: string;
}

export interface ApiKeyIssued {
  type: 'ApiKeyIssued';
  data: IssuedKey & { issuedAt: string };
}

/** A new key replaces `previousKeyId`, which stops working in the same event. */
export interface ApiKeyRotated {
  type: 'ApiKeyRotated';
  data: IssuedKey & { previousKeyId: string; rotatedAt: string };
}

/**
 * A key created before keys were event-sourced, adopted from the old directly-written table so the
 * projection can rebuild it (see legacy-secrets-import.ts). Same key id as its v1 ApiKeyIssued/Rotated.
 */
export interface ApiKeyImported {
  type: 'ApiKeyImported';
  data: IssuedKey & { keyHash: string; createdAt: string };
}

export interface MerchantActivated {
  type: 'MerchantActivated';
  data: { merchantId: string; reason: string; activatedAt: string };
}

export type MerchantEvent = MerchantRegistered | EnvironmentSwitched | ApiKeyIssued | ApiKeyRotated | ApiKeyImported | MerchantActivated;

/** Schema versions of the current shapes (1 when absent). */
export const MERCHANT_SCHEMA_VERSIONS: Record<string, number> = { ApiKeyIssued: 2, ApiKeyRotated: 2 };

export const isMerchantEvent = eventGuard<MerchantEvent>({
  MerchantRegistered: true,
  EnvironmentSwitched: true,
  ApiKeyIssued: true,
  ApiKeyRotated: true,
  ApiKeyImported: true,
  MerchantActivated: true,
});
