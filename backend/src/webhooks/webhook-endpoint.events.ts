import type { Environment, WebhookEventType } from '@tallyline/contracts';
import { eventGuard } from '../platform/event-store/event-guard.js';

/**
 * Stream `webhook_endpoint-{endpointId}`. The signing secret never travels in an event: it is derived
 * from `secretSalt` with the server's key (endpoint-secrets.ts), so replay rebuilds it and the event
 * log shows nothing a receiver would trust.
 */
export interface WebhookEndpointCreated {
  type: 'WebhookEndpointCreated';
  data: {
    endpointId: string;
    merchantId: string;
    environment: Environment;
    url: string;
    description: string | null;
    /** Empty: every event type. */
    eventTypes: WebhookEventType[];
    secretSalt: string;
    secretLast4: string;
    createdAt: string;
    /** The payload format and signature it is sent (a registered WebhookFormat's name); absent: standard webhooks. */
    format?: string;
  };
}

/** Only the fields that changed are present. */
export interface WebhookEndpointUpdated {
  type: 'WebhookEndpointUpdated';
  data: { endpointId: string; url?: string; eventTypes?: WebhookEventType[]; enabled?: boolean; updatedAt: string };
}

/** The previous secret stops signing at once. */
export interface WebhookEndpointSecretRotated {
  type: 'WebhookEndpointSecretRotated';
  data: { endpointId: string; secretSalt: string; secretLast4: string; rotatedAt: string };
}

/** The platform turned it off: it kept failing (see delivery-failures). Re-enabling is a PATCH. */
export interface WebhookEndpointDisabled {
  type: 'WebhookEndpointDisabled';
  data: { endpointId: string; reason: string; disabledAt: string };
}

export interface WebhookEndpointDeleted {
  type: 'WebhookEndpointDeleted';
  data: { endpointId: string; deletedAt: string };
}

export type WebhookEndpointEvent = WebhookEndpointCreated | WebhookEndpointUpdated | WebhookEndpointSecretRotated | WebhookEndpointDisabled | WebhookEndpointDeleted;

export const isWebhookEndpointEvent = eventGuard<WebhookEndpointEvent>({
  WebhookEndpointCreated: true,
  WebhookEndpointUpdated: true,
  WebhookEndpointSecretRotated: true,
  WebhookEndpointDisabled: true,
  WebhookEndpointDeleted: true,
});
