/**
 * The sandbox's cards: how a number is checked, which brand it is, and how the sandbox answers for it.
 * The numbers are the documented test cards; any other valid number approves.
 */
/** dispute: approved, then the card holder's bank disputes the sale a moment later. */
export type CardBehaviour = 'approve' | 'decline' | 'insufficient_funds' | 'invalid_details' | 'three_d_secure' | 'dispute';

const TEST_CARDS: Record<string, CardBehaviour> = {
  '4111111111111111': 'approve',
  '5555555555554444': 'approve',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000000127': 'invalid_details',
  '4000000000003220': 'three_d_secure',
  '4000000000000259': 'dispute',
};

export const behaviourOf = (cardNumber: string): CardBehaviour => TEST_CARDS[cardNumber] ?? 'approve';

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand by the number's leading digits (IIN ranges), as Card_ApplicationProfile names it. */
export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  const first2 = Number(digits.slice(0, 2));
  const first4 = Number(digits.slice(0, 4));
  if ((first2 >= 51 && first2 <= 55) || (first4 >= 2221 && first4 <= 2720)) return 'mastercard';
  if (first2 === 34 || first2 === 37) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65')) return 'discover';
  return 'card';
}

/** A card is good through the last day of its expiry month. */
export const hasExpired = (month: number, year: number, now: Date): boolean =>
  year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
