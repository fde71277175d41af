import { WEBHOOK_MESSAGES, type Environment, type WebhookEventType } from '@tallyline/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { DomainError } from '../platform/domain-error.js';
import type { WebhookEndpointEvent } from './webhook-endpoint.events.js';

export type WebhookEndpointState =
  | { status: 'none' }
  | { status: 'deleted' }
  | { status: 'active'; endpointId: string; merchantId: string; environment: Environment; url: string; eventTypes: WebhookEventType[]; enabled: boolean };

/** A new secret: the handler draws the salt; the secret itself never reaches the decider. */
interface NewSecret {
  secretSalt: string;
  secretLast4: string;
}

export type WebhookEndpointCommand =
  | ({
      type: 'CreateWebhookEndpoint';
      endpointId: string;
      merchantId: string;
      environment: Environment;
      url: string;
      description: string | null;
      eventTypes: WebhookEventType[];
      format?: string;
      at: Date;
    } & NewSecret)
  /** `merchantId`: who asks; another merchant's endpoint is not found, never forbidden (its existence stays hidden). */
  | { type: 'UpdateWebhookEndpoint'; merchantId: string; url?: string | undefined; eventTypes?: WebhookEventType[] | undefined; enabled?: boolean | undefined; at: Date }
  | ({ type: 'RotateWebhookSecret'; merchantId: string; at: Date } & NewSecret)
  | { type: 'DeleteWebhookEndpoint'; merchantId: string; at: Date }
  /** The delivery worker's: no merchant asks. */
  | { type: 'DisableWebhookEndpoint'; reason: string; at: Date };

const notFound = () => new DomainError('not_found', WEBHOOK_MESSAGES.notFound);
const sameTypes = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((type, i) => type === b[i]);

function update(command: Extract<WebhookEndpointCommand, { type: 'UpdateWebhookEndpoint' }>, state: Extract<WebhookEndpointState, { status: 'active' }>): WebhookEndpointEvent[] {
  const changes = {
    ...(command.url !== undefined && command.url !== state.url ? { url: command.url } : {}),
    ...(command.eventTypes !== undefined && !sameTypes(command.eventTypes, state.eventTypes) ? { eventTypes: command.eventTypes } : {}),
    ...(command.enabled !== undefined && command.enabled !== state.enabled ? { enabled: command.enabled } : {}),
  };
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'WebhookEndpointUpdated', data: { endpointId: state.endpointId, ...changes, updatedAt: command.at.toISOString() } }];
}

export const webhookEndpointDecider: Decider<WebhookEndpointState, WebhookEndpointCommand, WebhookEndpointEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    if (event.type === 'WebhookEndpointCreated') {
      const { endpointId, merchantId, environment, url, eventTypes } = event.data;
      return { status: 'active', endpointId, merchantId, environment, url, eventTypes, enabled: true };
    }
    if (state.status !== 'active') return state;
    switch (event.type) {
      case 'WebhookEndpointUpdated': {
        const { url = state.url, eventTypes = state.eventTypes, enabled = state.enabled } = event.data;
        return { ...state, url, eventTypes, enabled };
      }
      case 'WebhookEndpointDisabled':
        return { ...state, enabled: false };
      case 'WebhookEndpointDeleted':
        return { status: 'deleted' };
      case 'WebhookEndpointSecretRotated':
        return state;
    }
  },
  decide: (command, state) => {
    if (command.type === 'CreateWebhookEndpoint') {
      if (state.status !== 'none') throw new DomainError('conflict', 'This webhook endpoint already exists');
      const { type: _type, at, ...data } = command;
      return [{ type: 'WebhookEndpointCreated', data: { ...data, createdAt: at.toISOString() } }];
    }
    if (state.status !== 'active') throw notFound();
    if (command.type !== 'DisableWebhookEndpoint' && command.merchantId !== state.merchantId) throw notFound();
    const { endpointId } = state;
    switch (command.type) {
      case 'UpdateWebhookEndpoint':
        return update(command, state);
      case 'RotateWebhookSecret':
        return [{ type: 'WebhookEndpointSecretRotated', data: { endpointId, secretSalt: command.secretSalt, secretLast4: command.secretLast4, rotatedAt: command.at.toISOString() } }];
      case 'DeleteWebhookEndpoint':
        return [{ type: 'WebhookEndpointDeleted', data: { endpointId, deletedAt: command.at.toISOString() } }];
      case 'DisableWebhookEndpoint':
        return state.enabled ? [{ type: 'WebhookEndpointDisabled', data: { endpointId, reason: command.reason, disabledAt: command.at.toISOString() } }] : [];
    }
  },
};
