import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../platform/commands/decider-spec.js';
import { paymentMethodDecider, type PaymentMethodCommand } from './payment-method.decider.js';
import type { PaymentMethodEvent } from './payment-method.events.js';

const { given, when } = deciderSpec(paymentMethodDecider);
const at = new Date('2026-11-23T10:00:00Z');
const later = new Date('2026-11-23T11:00:00Z');
const add = (overrides: Partial<Extract<PaymentMethodCommand, { type: 'AddPaymentMethod' }>> = {}): PaymentMethodCommand => ({
  type: 'AddPaymentMethod',
  paymentMethodId: 'pm1',
  merchantId: 'm1',
  name: 'Corporate cards',
  methodType: 'credit_card',
  at,
  ...overrides,
});
const added = (data: Partial<Extract<PaymentMethodEvent, { type: 'PaymentMethodAdded' }>['data']> = {}): PaymentMethodEvent => ({
  type: 'PaymentMethodAdded',
  data: { paymentMethodId: 'pm1', merchantId: 'm1', name: 'Corporate cards', methodType: 'credit_card', isActive: true, processingFeeBps: 290, fixedFeeMinor: 30, addedAt: at.toISOString(), ...data },
});
const configure = (changes: Extract<PaymentMethodCommand, { type: 'ConfigurePaymentMethod' }>['changes'], merchantId = 'm1'): PaymentMethodCommand => ({
  type: 'ConfigurePaymentMethod',
  merchantId,
  changes,
  at: later,
});

describe('no payment method yet', () => {
  it('adds one, active, with the spec fees of its type when none are given', () => {
    expect(when([], add())).toEqual([added()]);
    expect(when([], add({ methodType: 'bank_transfer' }))).toEqual([added({ methodType: 'bank_transfer', processingFeeBps: 0, fixedFeeMinor: 80 })]);
    expect(when([], add({ methodType: 'digital_wallet' }))).toEqual([added({ methodType: 'digital_wallet', processingFeeBps: 340, fixedFeeMinor: 30 })]);
  });

  it('adds one with its own fees and inactive', () => {
    expect(when([], add({ processingFeeBps: 150, fixedFeeMinor: 0, isActive: false }))).toEqual([added({ processingFeeBps: 150, fixedFeeMinor: 0, isActive: false })]);
  });

  it('cannot be configured: Payment method not found', () => {
    expect(() => when([], configure({ isActive: false }))).toThrow(expect.objectContaining({ code: 'not_found', message: 'Payment method not found' }));
  });
});

describe('an added payment method', () => {
  const history = () => [added()];

  it('is added, with its owner and fees', () => {
    expect(given(history())).toEqual({ status: 'added', paymentMethodId: 'pm1', merchantId: 'm1', name: 'Corporate cards', isActive: true, processingFeeBps: 290, fixedFeeMinor: 30 });
  });

  it('cannot be added twice', () => {
    expect(() => when(history(), add())).toThrow(expect.objectContaining({ code: 'conflict' }));
  });

  it('records only the fields that change', () => {
    expect(when(history(), configure({ name: 'Corporate cards', isActive: false, processingFeeBps: 290, fixedFeeMinor: 25 }))).toEqual([
      { type: 'PaymentMethodConfigured', data: { paymentMethodId: 'pm1', merchantId: 'm1', changes: { isActive: false, fixedFeeMinor: 25 }, configuredAt: later.toISOString() } },
    ]);
  });

  it('records nothing when nothing changes', () => {
    expect(when(history(), configure({ name: 'Corporate cards', isActive: true }))).toEqual([]);
  });

  it("is not found for another merchant, who cannot change it", () => {
    expect(() => when(history(), configure({ isActive: false }, 'm2'))).toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('folds configurations into its state', () => {
    const configured: PaymentMethodEvent = { type: 'PaymentMethodConfigured', data: { paymentMethodId: 'pm1', merchantId: 'm1', changes: { name: 'Cards', isActive: false }, configuredAt: later.toISOString() } };
    expect(given([...history(), configured])).toMatchObject({ name: 'Cards', isActive: false, processingFeeBps: 290 });
  });
});
