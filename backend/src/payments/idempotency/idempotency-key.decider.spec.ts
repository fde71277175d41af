import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../platform/commands/decider-spec.js';
import { idempotencyKeyDecider, type IdempotencyKeyUsed, type UseIdempotencyKey } from './idempotency-key.decider.js';

const { when } = deciderSpec(idempotencyKeyDecider);
const at = new Date('2026-11-24T10:00:00.000Z');
const use: UseIdempotencyKey = { type: 'UseIdempotencyKey', merchantId: 'm1', environment: 'staging', key: 'refund-42', request: 'POST /v1/refunds', fingerprint: 'f1', at };
const used: IdempotencyKeyUsed = { type: 'IdempotencyKeyUsed', data: { merchantId: 'm1', environment: 'staging', key: 'refund-42', request: 'POST /v1/refunds', fingerprint: 'f1', at: at.toISOString() } };

describe('an Idempotency-Key', () => {
  it('given an unused key, when a request comes with it, then the key is bound to that request', () => {
    expect(when([], use)).toEqual([used]);
  });

  it('given a used key, when the same request comes again, then nothing is recorded (the retry answers the first result)', () => {
    expect(when([used], use)).toEqual([]);
  });

  it.each([
    ['other parameters', { fingerprint: 'f2' }],
    ['another route', { request: 'POST /v1/payment_intents/pi_1/cancel' }],
  ])('given a used key, when it comes with %s, then it is refused (422), as a create with another body is', (_name, change) => {
    expect(() => when([used], { ...use, ...change })).toThrow(expect.objectContaining({ code: 'unprocessable', message: 'Idempotency-Key was already used with a different request body' }));
  });
});
