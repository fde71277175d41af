/**
 * The card form's rules, checked in the browser before the card goes to the gateway's tokenization.
 * The messages are the sandbox gateway's own, so the payer reads the same words whichever side refuses.
 * Plain functions, no zod: this runs on the public payment page, which stays light.
 */
export interface CardFormValues {
  cardNumber: string;
  /** As typed: MM/YY (or MM/YYYY). */
  expiry: string;
  cvc: string;
  name: string;
}

/** What the gateway's tokenization takes. The name on the card stays in the page. */
export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberLength: 'Card number must be 12 to 19 digits',
  numberInvalid: 'Card number is not valid',
  expiryRequired: 'Expiry date is required',
  expiryFormat: 'Expiry date must be MM/YY',
  expiryMonth: 'Expiry month must be a number from 1 to 12',
  expired: 'The card has expired',
  cvc: 'CVC must be 3 or 4 digits',
  nameRequired: 'Name on card is required',
} as const;

/** Spaces and dashes are how people group the digits; they are not part of the number. */
const cardDigits = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '');

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

function cardNumberError(cardNumber: string): string | undefined {
  const digits = cardDigits(cardNumber);
  if (!digits) return CARD_MESSAGES.numberRequired;
  if (!/^\d{12,19}$/.test(digits)) return CARD_MESSAGES.numberLength;
  if (!passesLuhn(digits)) return CARD_MESSAGES.numberInvalid;
  return undefined;
}

/** "04/29", "4/29", "04 / 2029", and the digits alone as a card shows them ("0429", "042029") → month 4, year 2029; null otherwise. */
function parseExpiry(expiry: string): { month: number; year: number } | null {
  const text = expiry.trim();
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(text);
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

/** A card is good through the last day of its expiry month (the gateway's rule). */
function expiryError(expiry: string, now: Date): string | undefined {
  if (!expiry.trim()) return CARD_MESSAGES.expiryRequired;
  const parsed = parseExpiry(expiry);
  if (!parsed) return CARD_MESSAGES.expiryFormat;
  if (parsed.month < 1 || parsed.month > 12) return CARD_MESSAGES.expiryMonth;
  const thisYear = now.getUTCFullYear();
  if (parsed.year < thisYear || (parsed.year === thisYear && parsed.month < now.getUTCMonth() + 1)) return CARD_MESSAGES.expired;
  return undefined;
}

/** Every field's first problem; an empty object means the card may be tokenized. */
export function cardFormErrors(values: CardFormValues, now: Date): Partial<Record<keyof CardFormValues, string>> {
  const errors: Record<keyof CardFormValues, string | undefined> = {
    cardNumber: cardNumberError(values.cardNumber),
    expiry: expiryError(values.expiry, now),
    cvc: /^\d{3,4}$/.test(values.cvc.trim()) ? undefined : CARD_MESSAGES.cvc,
    name: values.name.trim() ? undefined : CARD_MESSAGES.nameRequired,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
}

/** The valid form as the tokenization request. */
export function cardDetailsOf(values: CardFormValues): CardDetails {
  const { month, year } = parseExpiry(values.expiry) ?? { month: 0, year: 0 };
  return { cardNumber: cardDigits(values.cardNumber), expMonth: month, expYear: year, cvc: values.cvc.trim() };
}
