import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../platform/commands/decider-spec.js';
import { webhookEndpointDecider, type WebhookEndpointCommand } from './webhook-endpoint.decider.js';
import type { WebhookEndpointEvent } from './webhook-endpoint.events.js';

const at = new Date('2026-05-01T10:00:00Z');
const { when } = deciderSpec(webhookEndpointDecider);
const create: WebhookEndpointCommand = {
  type: 'CreateWebhookEndpoint',
  endpointId: 'e1',
  merchantId: 'm1',
  environment: 'staging',
  url: 'https://hooks.shop.test/tallyline',
  description: null,
  eventTypes: [],
  secretSalt: 'salt-1',
  secretLast4: 'abcd',
  at,
};
const created: WebhookEndpointEvent = {
  type: 'WebhookEndpointCreated',
  data: { endpointId: 'e1', merchantId: 'm1', environment: 'staging', url: 'https://hooks.shop.test/tallyline', description: null, eventTypes: [], secretSalt: 'salt-1', secretLast4: 'abcd', createdAt: at.toISOString() },
};
const deleted: WebhookEndpointEvent = { type: 'WebhookEndpointDeleted', data: { endpointId: 'e1', deletedAt: at.toISOString() } };
const disable: WebhookEndpointCommand = { type: 'DisableWebhookEndpoint', reason: 'failing for 5 days', at };

describe('no endpoint yet', () => {
  it('creates it with the salt of its secret, never the secret', () => {
    expect(when([], create)).toEqual([created]);
  });
  it('cannot update, rotate, delete or disable: not found', () => {
    expect(() => when([], { type: 'DeleteWebhookEndpoint', merchantId: 'm1', at })).toThrow('Webhook endpoint not found');
    expect(() => when([], disable)).toThrow('Webhook endpoint not found');
  });
});

describe('an endpoint', () => {
  it('cannot be created twice', () => {
    expect(() => when([created], create)).toThrow('This webhook endpoint already exists');
  });

  it('records only what changed', () => {
    expect(when([created], { type: 'UpdateWebhookEndpoint', merchantId: 'm1', url: 'https://other.shop.test/h', eventTypes: [], enabled: true, at })).toEqual([
      { type: 'WebhookEndpointUpdated', data: { endpointId: 'e1', url: 'https://other.shop.test/h', updatedAt: at.toISOString() } },
    ]);
    expect(when([created], { type: 'UpdateWebhookEndpoint', merchantId: 'm1', eventTypes: ['payment.completed'], enabled: false, at })).toEqual([
      { type: 'WebhookEndpointUpdated', data: { endpointId: 'e1', eventTypes: ['payment.completed'], enabled: false, updatedAt: at.toISOString() } },
    ]);
    expect(when([created], { type: 'UpdateWebhookEndpoint', merchantId: 'm1', url: created.data.url, at })).toEqual([]);
  });

  it("is not found for another merchant, whatever the command", () => {
    expect(() => when([created], { type: 'UpdateWebhookEndpoint', merchantId: 'm2', enabled: false, at })).toThrow('Webhook endpoint not found');
    expect(() => when([created], { type: 'RotateWebhookSecret', merchantId: 'm2', secretSalt: 's', secretLast4: 'wxyz', at })).toThrow('Webhook endpoint not found');
    expect(() => when([created], { type: 'DeleteWebhookEndpoint', merchantId: 'm2', at })).toThrow('Webhook endpoint not found');
  });

  it('rotates its secret to a new salt', () => {
    expect(when([created], { type: 'RotateWebhookSecret', merchantId: 'm1', secretSalt: 'salt-2', secretLast4: 'wxyz', at })).toEqual([
      { type: 'WebhookEndpointSecretRotated', data: { endpointId: 'e1', secretSalt: 'salt-2', secretLast4: 'wxyz', rotatedAt: at.toISOString() } },
    ]);
  });

  it('is disabled once by the platform; a merchant can enable it again', () => {
    const disabled = when([created], disable);
    expect(disabled).toEqual([{ type: 'WebhookEndpointDisabled', data: { endpointId: 'e1', reason: 'failing for 5 days', disabledAt: at.toISOString() } }]);
    expect(when([created, ...disabled], disable)).toEqual([]);
    expect(when([created, ...disabled], { type: 'UpdateWebhookEndpoint', merchantId: 'm1', enabled: true, at })[0]?.data).toMatchObject({ enabled: true });
  });
});

describe('a deleted endpoint', () => {
  it('is not found for anything', () => {
    expect(() => when([created, deleted], { type: 'DeleteWebhookEndpoint', merchantId: 'm1', at })).toThrow('Webhook endpoint not found');
    expect(() => when([created, deleted], { type: 'UpdateWebhookEndpoint', merchantId: 'm1', enabled: true, at })).toThrow('Webhook endpoint not found');
    expect(() => when([created, deleted], disable)).toThrow('Webhook endpoint not found');
  });
});
