import { describe, expect, it } from '@jest/globals';
import { CARD_MESSAGES, cardDetailsOf, cardFormErrors, passesLuhn } from './card-rules';

const NOW = new Date('2026-11-24T12:00:00Z');
const valid = { cardNumber: '4111 1111 1111 1111', expiry: '12/28', cvc: '123', name: 'Ann Smith' };

describe('card form rules', () => {
  it('accepts the documented test cards, spaced or not', () => {
    for (const number of ['4111111111111111', '5555 5555 5555 4444', '4000-0000-0000-0002', '4000000000003220']) {
      expect(cardFormErrors({ ...valid, cardNumber: number }, NOW)).toEqual({});
    }
  });

  it('refuses a number failing the Luhn check, of the wrong length or missing', () => {
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(cardFormErrors({ ...valid, cardNumber: '4111 1111 1111 1112' }, NOW)).toEqual({ cardNumber: CARD_MESSAGES.numberInvalid });
    expect(cardFormErrors({ ...valid, cardNumber: '4111 1111' }, NOW)).toEqual({ cardNumber: CARD_MESSAGES.numberLength });
    expect(cardFormErrors({ ...valid, cardNumber: '4111 abcd 1111 1111' }, NOW)).toEqual({ cardNumber: CARD_MESSAGES.numberLength });
    expect(cardFormErrors({ ...valid, cardNumber: '  ' }, NOW)).toEqual({ cardNumber: CARD_MESSAGES.numberRequired });
  });

  it('takes a card through the last day of its expiry month', () => {
    expect(cardFormErrors({ ...valid, expiry: '11/26' }, NOW)).toEqual({});
    expect(cardFormErrors({ ...valid, expiry: '10/26' }, NOW)).toEqual({ expiry: CARD_MESSAGES.expired });
    expect(cardFormErrors({ ...valid, expiry: '12/2025' }, NOW)).toEqual({ expiry: CARD_MESSAGES.expired });
  });

  it('says what is wrong with the expiry date', () => {
    expect(cardFormErrors({ ...valid, expiry: '' }, NOW)).toEqual({ expiry: CARD_MESSAGES.expiryRequired });
    expect(cardFormErrors({ ...valid, expiry: '12-28' }, NOW)).toEqual({ expiry: CARD_MESSAGES.expiryFormat });
    expect(cardFormErrors({ ...valid, expiry: '128' }, NOW)).toEqual({ expiry: CARD_MESSAGES.expiryFormat });
    expect(cardFormErrors({ ...valid, expiry: '13/28' }, NOW)).toEqual({ expiry: CARD_MESSAGES.expiryMonth });
    expect(cardFormErrors({ ...valid, expiry: '00/28' }, NOW)).toEqual({ expiry: CARD_MESSAGES.expiryMonth });
  });

  it('wants a 3 or 4 digit CVC and a name', () => {
    expect(cardFormErrors({ ...valid, cvc: '12', name: ' ' }, NOW)).toEqual({ cvc: CARD_MESSAGES.cvc, name: CARD_MESSAGES.nameRequired });
    expect(cardFormErrors({ ...valid, cvc: '1234' }, NOW)).toEqual({});
  });

  it('hands the gateway the digits, the month and the four-digit year, never the name', () => {
    expect(cardDetailsOf({ ...valid, expiry: '4/29' })).toEqual({ cardNumber: '4111111111111111', expMonth: 4, expYear: 2029, cvc: '123' });
    // The digits alone, as printed on the card.
    expect(cardDetailsOf({ ...valid, expiry: '0429' })).toMatchObject({ expMonth: 4, expYear: 2029 });
    expect(cardDetailsOf({ ...valid, expiry: '122030' })).toMatchObject({ expMonth: 12, expYear: 2030 });
    expect(cardFormErrors({ ...valid, expiry: '1228' }, NOW)).toEqual({});
  });
});
