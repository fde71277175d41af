import { describe, expect, it } from '@jest/globals';
import type { Transaction } from '@tallyline/contracts';
import { refundPlan } from './refund-plan';

const payment = (amount: string, refundedAmount: string, currency = 'GBP'): Transaction => ({
  id: 'pay_1',
  gatewayTransactionId: null,
  amount,
  refundedAmount,
  currency,
  paymentMethod: 'credit_card',
  status: 'completed',
  description: 'Payment',
  customerName: 'Barbara Liskov',
  customerEmail: 'b@example.com',
  createdAt: '2026-01-02T10:00:00Z',
});

describe('refundPlan', () => {
  it('refunds a payment nothing was refunded from in full when no amount is typed', () => {
    expect(refundPlan(payment('170.24', '0.00'), '')).toEqual({
      remaining: 17_024,
      amount: undefined,
      text: '£170.24 will be refunded in full to Barbara Liskov. This cannot be undone.',
      error: false,
    });
  });

  it('says what is left after an earlier partial refund, and refunds that', () => {
    expect(refundPlan(payment('170.24', '50.00'), '')).toMatchObject({
      remaining: 12_024,
      amount: undefined,
      text: '£120.24, what is left of £170.24 after £50.00 refunded before, will be refunded to Barbara Liskov. This cannot be undone.',
    });
  });

  it('asks for part in minor units, exactly (no float rounding)', () => {
    expect(refundPlan(payment('170.24', '0.00'), '0.29')).toMatchObject({ amount: 29, text: '£0.29 of £170.24 will be refunded to Barbara Liskov. This cannot be undone.' });
    expect(refundPlan(payment('1,000.00', '0.00'), '1,000')).toMatchObject({ amount: undefined, error: false });
    expect(refundPlan(payment('5000', '0', 'JPY'), '1200')).toMatchObject({ amount: 1_200, text: '¥1,200 of ¥5,000 will be refunded to Barbara Liskov. This cannot be undone.' });
  });

  it('reads a comma as thousands only: "1,50" is refused with a hint, not taken for £150', () => {
    expect(refundPlan(payment('170.24', '0.00'), '1,50')).toMatchObject({ error: true, text: 'Write the decimals with a point, like 1.50' });
    expect(refundPlan(payment('1,500.00', '0.00'), '1,250.5')).toMatchObject({ amount: 125_050, error: false });
    expect(refundPlan(payment('170.24', '0.00'), '1,2345')).toMatchObject({ error: true });
  });

  it('a part after an earlier refund is told against what is left', () => {
    expect(refundPlan(payment('162.81', '10.50'), '1.50')).toMatchObject({ amount: 150, text: '£1.50 of the £152.31 left will be refunded to Barbara Liskov. This cannot be undone.' });
  });

  it.each([
    ['more than is left', '120.25', 'At most £120.24 can be refunded'],
    ['nothing', '0', 'The amount must be greater than 0'],
    ['more decimals than the currency has', '1.005', 'Enter an amount in GBP, like £10.00'],
    ['a negative amount', '-5', 'Enter an amount in GBP, like £10.00'],
    ['letters', 'ten', 'Enter an amount in GBP, like £10.00'],
  ])('refuses %s', (_name, typed, text) => {
    expect(refundPlan(payment('170.24', '50.00'), typed)).toEqual({ remaining: 12_024, amount: undefined, text, error: true });
  });
});
