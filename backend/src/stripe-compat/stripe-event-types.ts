import type { PaymentEvent } from '../payments/index.js';

/**
 * Our payment events that Stripe has a name for, and that name. The others (attempts, refund
 * requests, failed refunds) are internal steps Stripe shows no event for.
 */
export const STRIPE_EVENT_TYPES = {
  PaymentCreated: 'payment_intent.created',
  PaymentRequiresAction: 'payment_intent.requires_action',
  PaymentCompleted: 'payment_intent.succeeded',
  PaymentFailed: 'payment_intent.payment_failed',
  PaymentCanceled: 'payment_intent.canceled',
  RefundCompleted: 'charge.refunded',
  DisputeOpened: 'charge.dispute.created',
} as const satisfies Partial<Record<PaymentEvent['type'], string>>;

export type StripeMappedType = keyof typeof STRIPE_EVENT_TYPES;
export type StripeEventType = (typeof STRIPE_EVENT_TYPES)[StripeMappedType];

export const MAPPED_TYPES = Object.keys(STRIPE_EVENT_TYPES) as StripeMappedType[];
export const STRIPE_TYPES = Object.values(STRIPE_EVENT_TYPES) as StripeEventType[];

export const isMapped = (type: string): type is StripeMappedType => type in STRIPE_EVENT_TYPES;
