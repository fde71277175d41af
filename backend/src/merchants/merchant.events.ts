import type { Environment } from '@tallyline/contracts';

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

/** Carries no secret: only which key (id) and its last four characters, for display. */
export interface ApiKeyIssued {
  type: 'ApiKeyIssued';
  data: { merchantId: string; keyId: string; environment: Environment; last4: string; issuedAt: string };
}

export interface ApiKeyRotated {
  type: 'ApiKeyRotated';
  data: { merchantId: string; keyId: string; previousKeyId: string; environment: Environment; last4: string; rotatedAt: string };
}

export interface MerchantActivated {
  type: 'MerchantActivated';
  data: { merchantId: string; reason: string; activatedAt: string };
}

export type MerchantEvent = MerchantRegistered | EnvironmentSwitched | ApiKeyIssued | ApiKeyRotated | MerchantActivated;
