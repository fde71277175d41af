import { describe, expect, it } from '@jest/globals';
import { behaviourOf, brandOf, hasExpired, passesLuhn } from './cards.js';

describe('sandbox cards', () => {
  it.each(['4111111111111111', '5555555555554444', '4000000000000002', '4000000000009995', '4000000000000127', '4000000000003220', '4000000000000259', '378282246310005'])(
    '%s passes Luhn',
    (number) => expect(passesLuhn(number)).toBe(true),
  );

  it('refuses a number whose check digit is wrong', () => expect(passesLuhn('4111111111111112')).toBe(false));

  it.each([
    ['4111111111111111', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3530111333300000', 'card'],
  ])('%s is a %s', (number, brand) => expect(brandOf(number)).toBe(brand));

  it('answers by the documented test cards, and approves any other card', () => {
    expect(behaviourOf('4000000000000002')).toBe('decline');
    expect(behaviourOf('4000000000003220')).toBe('three_d_secure');
    expect(behaviourOf('4000000000000259')).toBe('dispute');
    expect(behaviourOf('6011111111111117')).toBe('approve');
  });

  it('keeps a card good through the last day of its expiry month', () => {
    const now = new Date('2026-11-30T23:59:59Z');
    expect(hasExpired(11, 2026, now)).toBe(false);
    expect(hasExpired(10, 2026, now)).toBe(true);
    expect(hasExpired(1, 2025, now)).toBe(true);
    expect(hasExpired(1, 2027, now)).toBe(false);
  });
});
