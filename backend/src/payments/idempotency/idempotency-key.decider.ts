import { PAYMENT_MESSAGES, type Environment } from '@tallyline/contracts';
import type { Decider } from '../../platform/commands/decider.js';
import { DomainError } from '../../platform/domain-error.js';

/**
 * Stream `idempotency_key-{id}`, the id derived from the merchant, environment and key: the first
 * request an Idempotency-Key came with (its route and a hash of its parameters).
 */
export interface IdempotencyKeyUsed {
  type: 'IdempotencyKeyUsed';
  data: { merchantId: string; environment: Environment; key: string; request: string; fingerprint: string; at: string };
}

type IdempotencyKeyState = { status: 'unused' } | { status: 'used'; request: string; fingerprint: string };

export interface UseIdempotencyKey {
  type: 'UseIdempotencyKey';
  merchantId: string;
  environment: Environment;
  key: string;
  request: string;
  fingerprint: string;
  at: Date;
}

/** A key is bound to its first request: the same again records nothing, anything else is refused. */
export const idempotencyKeyDecider: Decider<IdempotencyKeyState, UseIdempotencyKey, IdempotencyKeyUsed> = {
  initialState: () => ({ status: 'unused' }),
  evolve: (_state, event) => ({ status: 'used', request: event.data.request, fingerprint: event.data.fingerprint }),
  decide: (command, state) => {
    if (state.status === 'used') {
      if (state.request === command.request && state.fingerprint === command.fingerprint) return [];
      throw new DomainError('unprocessable', PAYMENT_MESSAGES.idempotencyMismatch);
    }
    const { type: _type, at, ...data } = command;
    return [{ type: 'IdempotencyKeyUsed', data: { ...data, at: at.toISOString() } }];
  },
};
