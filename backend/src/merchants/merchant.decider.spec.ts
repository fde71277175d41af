import { describe, expect, it } from '@jest/globals';
import { merchantDecider, type MerchantCommand } from './merchant.decider.js';
import type { MerchantEvent } from './merchant.events.js';

const at = new Date('2026-04-01T09:00:00Z');
const given = (events: MerchantEvent[]) => events.reduce(merchantDecider.evolve, merchantDecider.initialState());
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
    expect(merchantDecider.decide(register, given([]))).toEqual([registered]);
  });
  it('cannot switch environment or take keys', () => {
    expect(() => merchantDecider.decide({ type: 'SwitchEnvironment', at }, given([]))).toThrow('Merchant account not found');
    expect(() => merchantDecider.decide({ type: 'IssueApiKey', keyId: 'k', environment: 'staging', last4: 'abcd', at }, given([]))).toThrow('Merchant account not found');
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
    expect(merchantDecider.decide({ type: 'SwitchEnvironment', at }, given([registered, ...switched]))[0]?.data).toMatchObject({ from: 'staging', to: 'production' });
  });

  it('switches to an explicit environment, and records nothing when already there', () => {
    expect(merchantDecider.decide({ type: 'SwitchEnvironment', to: 'production', at }, state)).toEqual([]);
    expect(merchantDecider.decide({ type: 'SwitchEnvironment', to: 'staging', at }, state)).toHaveLength(1);
  });

  it('issues the first key of an environment, then rotates it', () => {
    const issued = merchantDecider.decide({ type: 'IssueApiKey', keyId: 'k1', environment: 'staging', last4: '1a2b', at }, state);
    expect(issued).toEqual([{ type: 'ApiKeyIssued', data: { merchantId: 'm1', keyId: 'k1', environment: 'staging', last4: '1a2b', issuedAt: at.toISOString() } }]);
    const rotated = merchantDecider.decide({ type: 'IssueApiKey', keyId: 'k2', environment: 'staging', last4: '3c4d', at }, given([registered, ...issued]));
    expect(rotated[0]).toMatchObject({ type: 'ApiKeyRotated', data: { keyId: 'k2', previousKeyId: 'k1' } });
    const otherEnvironment = merchantDecider.decide({ type: 'IssueApiKey', keyId: 'k3', environment: 'production', last4: '5e6f', at }, given([registered, ...issued]));
    expect(otherEnvironment[0]?.type).toBe('ApiKeyIssued');
  });

  it('activation is a no-op while active', () => {
    expect(merchantDecider.decide({ type: 'ActivateMerchant', reason: 'application approved', at }, state)).toEqual([]);
  });
});
