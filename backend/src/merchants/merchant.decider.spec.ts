import { describe, expect, it } from '@jest/globals';
import { merchantDecider, type MerchantCommand } from './merchant.decider.js';
import type { MerchantEvent } from './merchant.events.js';
import { deciderSpec } from '../platform/commands/decider-spec.js';

const at = new Date('2026-04-01T09:00:00Z');
const { given, when } = deciderSpec(merchantDecider);
const register: MerchantCommand = {
  type: 'RegisterMerchant',
  merchantId: 'm1',
  ownerUserId: 'm1',
  companyName: 'Acme Ltd',
  email: 'billing@acme.test',
  website: null,
  businessType: 'SaaS',
  at,
};
const registered: MerchantEvent = {
  type: 'MerchantRegistered',
  data: { merchantId: 'm1', ownerUserId: 'm1', companyName: 'Acme Ltd', email: 'billing@acme.test', website: null, businessType: 'SaaS', environment: 'production', isActive: true, registeredAt: at.toISOString() },
};

describe('no merchant yet', () => {
  it('registers in production, active', () => {
    expect(when([], register)).toEqual([registered]);
  });
  it('cannot switch environment or take keys', () => {
    expect(() => when([], { type: 'SwitchEnvironment', at })).toThrow('Merchant account not found');
    expect(() => when([], { type: 'RotateApiKey', keyId: 'k', environment: 'staging', prefix: 'sk_test_', keyHash: 'h', last4: 'abcd', at })).toThrow('Merchant account not found');
  });
});

describe('a registered merchant', () => {
  const state = given([registered]);

  it('cannot register twice', () => {
    expect(() => merchantDecider.decide(register, state)).toThrow('A merchant account already exists for this user');
  });

  it('toggles the environment when no target is given, and back', () => {
    const switched = merchantDecider.decide({ type: 'SwitchEnvironment', at }, state);
    expect(switched).toEqual([{ type: 'EnvironmentSwitched', data: { merchantId: 'm1', from: 'production', to: 'staging', switchedAt: at.toISOString() } }]);
    expect(when([registered, ...switched], { type: 'SwitchEnvironment', at })[0]?.data).toMatchObject({ from: 'staging', to: 'production' });
  });

  it('switches to an explicit environment, and records nothing when already there', () => {
    expect(merchantDecider.decide({ type: 'SwitchEnvironment', to: 'production', at }, state)).toEqual([]);
    expect(merchantDecider.decide({ type: 'SwitchEnvironment', to: 'staging', at }, state)).toHaveLength(1);
  });

  const issue = (keyId: string, environment: 'staging' | 'production', keyHash: string) =>
    ({ type: 'RotateApiKey', keyId, environment, prefix: environment === 'staging' ? 'sk_test_' : 'sk_live_', keyHash, last4: keyHash.slice(-4), at }) as const;

  it('issues the first key of an environment with its hash, never the key, then rotates it', () => {
    const issued = merchantDecider.decide(issue('k1', 'staging', 'hash-1a2b'), state);
    expect(issued).toEqual([
      { type: 'ApiKeyIssued', data: { merchantId: 'm1', keyId: 'k1', environment: 'staging', prefix: 'sk_test_', keyHash: 'hash-1a2b', last4: '1a2b', issuedAt: at.toISOString() } },
    ]);
    const rotated = when([registered, ...issued], issue('k2', 'staging', 'hash-3c4d'));
    expect(rotated).toEqual([
      {
        type: 'ApiKeyRotated',
        data: { merchantId: 'm1', keyId: 'k2', previousKeyId: 'k1', environment: 'staging', prefix: 'sk_test_', keyHash: 'hash-3c4d', last4: '3c4d', rotatedAt: at.toISOString() },
      },
    ]);
    const otherEnvironment = when([registered, ...issued], issue('k3', 'production', 'hash-5e6f'));
    expect(otherEnvironment[0]?.type).toBe('ApiKeyIssued');
  });

  it('adopts a key from before keys were event-sourced without changing which key is current', () => {
    const issued = merchantDecider.decide(issue('k1', 'staging', 'hash-1a2b'), state);
    const imported = merchantDecider.decide(
      { type: 'ImportApiKey', keyId: 'k1', environment: 'staging', prefix: 'sk_test_', keyHash: 'hash-1a2b', last4: '1a2b', createdAt: at },
      given([registered, ...issued]),
    );
    expect(imported).toEqual([
      { type: 'ApiKeyImported', data: { merchantId: 'm1', keyId: 'k1', environment: 'staging', prefix: 'sk_test_', keyHash: 'hash-1a2b', last4: '1a2b', createdAt: at.toISOString() } },
    ]);
    expect(when([registered, ...issued, ...imported], issue('k2', 'staging', 'hash-3c4d'))[0]?.data).toMatchObject({ previousKeyId: 'k1' });
  });

  it('activation is a no-op while active', () => {
    expect(merchantDecider.decide({ type: 'ActivateMerchant', reason: 'application approved', at }, state)).toEqual([]);
  });
});
