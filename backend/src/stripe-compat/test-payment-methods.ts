import type { Environment } from '@tallyline/contracts';
import { StripeApiError } from './stripe-errors.js';

/** Stripe's test payment methods, as the sandbox gateway's test cards (backend/src/sandbox-gateway/cards.ts). */
const TEST_CARDS: Record<string, string> = {
  pm_card_visa: '4111111111111111',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequired: '4000000000003220',
  /** Approved; a moment later the card holder's bank disputes it (DisputeOpened, charge.dispute.created). */
  pm_card_createDispute: '4000000000000259',
};

/** As at Stripe, test payment methods exist in test mode only: a live key paying with one would record a live payment nobody paid. */
export function testCardOf(paymentMethod: string, environment: Environment): string {
  const card = TEST_CARDS[paymentMethod];
  const missing = `No such PaymentMethod: '${paymentMethod.slice(0, 100)}'`;
  if (!card) throw StripeApiError.invalid(missing, 'resource_missing', 'payment_method');
  if (environment === 'production') throw StripeApiError.invalid(`${missing}; test payment methods work only with a test mode key (sk_test_…).`, 'resource_missing', 'payment_method');
  return card;
}

/** The gateway's result messages (GATEWAY_MESSAGES) as Stripe's decline codes. */
const DECLINES: Record<string, { code: string; decline_code?: string }> = {
  'Payment declined': { code: 'card_declined', decline_code: 'generic_decline' },
  'Insufficient funds': { code: 'card_declined', decline_code: 'insufficient_funds' },
  'Invalid card details': { code: 'incorrect_number' },
  '3D Secure authentication expired': { code: 'payment_intent_authentication_failure' },
};

/** A failed attempt as Stripe's card_error (also a PaymentIntent's last_payment_error). */
export function cardError(reason: string | null) {
  const message = reason ?? 'Your card was declined.';
  return { type: 'card_error' as const, message, ...(DECLINES[message] ?? { code: 'card_declined', decline_code: 'generic_decline' }) };
}
