import { MERCHANT_MESSAGES, type Environment } from '@tallyline/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { DomainError } from '../platform/domain-error.js';
import type { MerchantEvent } from './merchant.events.js';

export type MerchantState =
  | { status: 'none' }
  | { status: 'registered'; merchantId: string; environment: Environment; isActive: boolean; keys: Partial<Record<Environment, string>> };

export type MerchantCommand =
  | {
      type: 'RegisterMerchant';
      merchantId: string;
      ownerUserId: string;
      companyName: string;
      email: string;
      website: string | null;
      businessType: string;
      at: Date;
    }
  /** No target: toggle (the spec's client sends no body). */
  | { type: 'SwitchEnvironment'; to?: Environment | undefined; at: Date }
  /** The handler makes the secret; only its hash, prefix and last four characters reach the decider. */
  | { type: 'RotateApiKey'; keyId: string; environment: Environment; prefix: string; keyHash: string; last4: string; at: Date }
  | { type: 'ImportApiKey'; keyId: string; environment: Environment; prefix: string; keyHash: string; last4: string; createdAt: Date }
  | { type: 'ActivateMerchant'; reason: string; at: Date };

const notFound = () => new DomainError('not_found', MERCHANT_MESSAGES.notFound);

export const merchantDecider: Decider<MerchantState, MerchantCommand, MerchantEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'MerchantRegistered':
        return { status: 'registered', merchantId: event.data.merchantId, environment: event.data.environment, isActive: event.data.isActive, keys: {} };
      case 'EnvironmentSwitched':
        return state.status === 'registered' ? { ...state, environment: event.data.to } : state;
      case 'ApiKeyIssued':
      case 'ApiKeyRotated':
        return state.status === 'registered' ? { ...state, keys: { ...state.keys, [event.data.environment]: event.data.keyId } } : state;
      case 'MerchantActivated':
        return state.status === 'registered' ? { ...state, isActive: true } : state;
      case 'ApiKeyImported':
        return state;
    }
  },
  decide: (command, state) => {
    if (command.type === 'RegisterMerchant') {
      if (state.status !== 'none') throw new DomainError('conflict', MERCHANT_MESSAGES.alreadyRegistered);
      const { type: _type, at, ...data } = command;
      return [{ type: 'MerchantRegistered', data: { ...data, environment: 'production', isActive: true, registeredAt: at.toISOString() } }];
    }
    if (state.status !== 'registered') throw notFound();
    const { merchantId } = state;
    switch (command.type) {
      case 'SwitchEnvironment': {
        const to = command.to ?? (state.environment === 'production' ? 'staging' : 'production');
        if (to === state.environment) return [];
        return [{ type: 'EnvironmentSwitched', data: { merchantId, from: state.environment, to, switchedAt: command.at.toISOString() } }];
      }
      case 'RotateApiKey': {
        const previousKeyId = state.keys[command.environment];
        const { keyId, environment, prefix, keyHash, last4 } = command;
        const base = { merchantId, keyId, environment, prefix, keyHash, last4 };
        return previousKeyId
          ? [{ type: 'ApiKeyRotated', data: { ...base, previousKeyId, rotatedAt: command.at.toISOString() } }]
          : [{ type: 'ApiKeyIssued', data: { ...base, issuedAt: command.at.toISOString() } }];
      }
      case 'ImportApiKey': {
        const { keyId, environment, prefix, keyHash, last4, createdAt } = command;
        return [{ type: 'ApiKeyImported', data: { merchantId, keyId, environment, prefix, keyHash, last4, createdAt: createdAt.toISOString() } }];
      }
      case 'ActivateMerchant':
        return state.isActive ? [] : [{ type: 'MerchantActivated', data: { merchantId, reason: command.reason, activatedAt: command.at.toISOString() } }];
    }
  },
};
