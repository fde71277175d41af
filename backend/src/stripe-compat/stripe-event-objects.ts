import { evolvePayment, isPaymentEvent, type PaymentView } from '../payments/index.js';
import type { StoredEvent } from '../platform/event-store/event-store.port.js';
import { STRIPE_EVENT_TYPES, type StripeMappedType } from './stripe-event-types.js';
import { stripeIds } from './stripe-ids.js';
import { toCharge, toDispute, toPaymentIntent, unix } from './stripe-objects.js';

/** The payment as it was right after `event`, folded from its stream's events up to it. */
export const paymentAsOf = (events: readonly StoredEvent[], event: StoredEvent): PaymentView | undefined =>
  events.filter((e) => e.streamVersion <= event.streamVersion).reduce<PaymentView | undefined>((row, e) => evolvePayment(row, e) ?? row, undefined);

/**
 * One of our payment events as a Stripe `event` object, with its object as it was then: the same body
 * GET /v1/events answers and a Stripe-format webhook endpoint receives.
 */
export function toStripeEvent(event: StoredEvent & { type: StripeMappedType }, view: PaymentView) {
  return {
    id: stripeIds.event(event.eventId),
    object: 'event' as const,
    type: STRIPE_EVENT_TYPES[event.type],
    created: unix(event.recordedAt),
    livemode: view.environment === 'production',
    api_version: null,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    data: { object: objectOf(event, view) },
  };
}

/** charge.* events carry the charge (or its dispute), payment_intent.* ones the PaymentIntent. */
function objectOf(event: StoredEvent, view: PaymentView) {
  if (isPaymentEvent(event) && event.type === 'RefundCompleted') return toCharge(view);
  if (isPaymentEvent(event) && event.type === 'DisputeOpened') return toDispute(view, event.data);
  return toPaymentIntent(view);
}
