import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../platform/commands/decider-spec.js';
import { cryptoPaymentDecider, type CreateCryptoPaymentCommand, type CryptoPaymentCommand } from './crypto-payment.decider.js';
import type { CryptoPaymentEvent } from './crypto-payment.events.js';

const { given, when } = deciderSpec(cryptoPaymentDecider);
const at = new Date('2026-11-23T10:00:00.000Z');
const minutesLater = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

// satisfies, not an annotation: `created` below needs its orderId as the string it is, not string | null.
const create = {
  type: 'CreateCryptoPayment',
  paymentId: 'c1',
  merchantId: 'm1',
  environment: 'staging',
  amountMinor: 100000,
  currency: 'EUR',
  targetCrypto: 'BTC',
  cryptoAmount: '0.01724138',
  exchangeRate: '58000',
  rateFetchedAt: at.toISOString(),
  customerEmail: 'ann@example.com',
  customerName: null,
  orderId: 'order_1',
  providerPaymentId: 'sbx_1',
  address: 'tb1qexample',
  at,
} satisfies CreateCryptoPaymentCommand;
const { type: _t, at: _a, ...createdData } = create;
const created: CryptoPaymentEvent = { type: 'CryptoPaymentCreated', data: { ...createdData, createdAt: at.toISOString(), expiresAt: minutesLater(30).toISOString() } };
const report = (to: 'processing' | 'completed' | 'failed', when = minutesLater(5)): CryptoPaymentCommand => ({ type: 'RecordProviderStatus', to, blockchainTxHash: '0xabc', confirmations: to === 'processing' ? 0 : 6, at: when });
const changed = (from: string, to: string, confirmations: number, when = minutesLater(5)): CryptoPaymentEvent =>
  ({ type: 'CryptoPaymentStatusChanged', data: { paymentId: 'c1', from, to, blockchainTxHash: '0xabc', confirmations, at: when.toISOString() } }) as CryptoPaymentEvent;
const expire = (when: Date): CryptoPaymentCommand => ({ type: 'ExpireCryptoPayment', at: when });
const expired: CryptoPaymentEvent = { type: 'CryptoPaymentExpired', data: { paymentId: 'c1', at: minutesLater(30).toISOString() } };

describe('no crypto payment yet', () => {
  it('creates: CryptoPaymentCreated with the rate locked and expiresAt 30 minutes after creation', () => {
    expect(when([], create)).toEqual([created]);
  });

  it('names an order left empty order_<ms of creation>, and its repeat (no order ID again) is the same request', () => {
    const events = when([], { ...create, orderId: null });
    expect(events[0]?.data).toMatchObject({ orderId: `order_${at.getTime()}` });
    expect(when(events, { ...create, orderId: null, at: minutesLater(1) })).toEqual([]);
  });

  it.each([report('processing'), expire(minutesLater(31))])('refuses $type: Crypto payment not found (404)', (command) => {
    expect(() => when([], command)).toThrow(expect.objectContaining({ code: 'not_found', message: 'Crypto payment not found' }));
  });
});

describe('a pending crypto payment', () => {
  const history = () => [created];

  it('is pending', () => {
    expect(given(history())).toMatchObject({ status: 'pending' });
  });

  it('the same create again (same Idempotency-Key and request) records nothing, even quoted at another rate', () => {
    expect(when(history(), create)).toEqual([]);
    expect(when(history(), { ...create, exchangeRate: '58100', cryptoAmount: '0.01721170', at: minutesLater(2) })).toEqual([]);
  });

  it.each([{ amountMinor: 5000 }, { targetCrypto: 'ETH' as const }, { currency: 'USD' as const }, { customerEmail: 'bob@example.com' }, { customerName: 'Ann' }, { orderId: 'order_2' }, { orderId: null }])(
    'the same key with another request (%j) is refused (422)',
    (change) => {
      expect(() => when(history(), { ...create, ...change })).toThrow(
        expect.objectContaining({ code: 'unprocessable', message: 'Idempotency-Key was already used with a different request body' }),
      );
    },
  );

  it('goes to processing when the provider sees the transaction', () => {
    expect(when(history(), report('processing'))).toEqual([changed('pending', 'processing', 0)]);
  });

  it.each(['completed', 'failed'] as const)('a %s report passes through processing', (to) => {
    expect(when(history(), report(to))).toEqual([changed('pending', 'processing', 6), changed('processing', to, 6)]);
  });

  it('expires at expiresAt', () => {
    expect(when(history(), expire(minutesLater(30)))).toEqual([expired]);
  });

  it('does not expire before expiresAt (409)', () => {
    expect(() => when(history(), expire(minutesLater(29)))).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'Crypto payment has not expired yet' }));
  });

  it('refuses a provider report after expiresAt, even before the expiry is recorded (409)', () => {
    expect(() => when(history(), report('processing', minutesLater(30)))).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'Crypto payment expired' }));
  });
});

describe('a processing crypto payment', () => {
  const history = () => [created, changed('pending', 'processing', 0)];

  it('is processing', () => {
    expect(given(history())).toMatchObject({ status: 'processing' });
  });

  it('the same report again records nothing', () => {
    expect(when(history(), report('processing'))).toEqual([]);
  });

  it.each(['completed', 'failed'] as const)('settles as %s', (to) => {
    expect(when(history(), report(to, minutesLater(40)))).toEqual([changed('processing', to, 6, minutesLater(40))]);
  });

  it('never expires, even long after expiresAt (409)', () => {
    expect(() => when(history(), expire(minutesLater(60)))).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'A paid crypto payment never expires' }));
  });
});

describe('a completed crypto payment', () => {
  const history = () => [created, changed('pending', 'processing', 6), changed('processing', 'completed', 6)];

  it('is completed', () => {
    expect(given(history())).toMatchObject({ status: 'completed' });
  });

  it('the same report again records nothing', () => {
    expect(when(history(), report('completed'))).toEqual([]);
  });

  it('cannot fail afterwards (409)', () => {
    expect(() => when(history(), report('failed'))).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'Crypto payment already settled' }));
  });

  it('never expires (409)', () => {
    expect(() => when(history(), expire(minutesLater(60)))).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'A paid crypto payment never expires' }));
  });
});

describe('an expired crypto payment', () => {
  const history = () => [created, expired];

  it('is expired', () => {
    expect(given(history())).toMatchObject({ status: 'expired' });
  });

  it('expiring again records nothing', () => {
    expect(when(history(), expire(minutesLater(45)))).toEqual([]);
  });

  it('refuses a late provider report (409)', () => {
    expect(() => when(history(), report('completed', minutesLater(45)))).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'Crypto payment expired' }));
  });
});
