import { StripeApiError } from './stripe-errors.js';

/**
 * Stripe-style ids that map back to ours without a lookup: the prefix, then our uuids' hex digits.
 * A refund's id carries its payment's too, so it is found by reading that one payment's stream.
 */
const hex = (uuid: string) => uuid.replaceAll('-', '');
const uuidOf = (digits: string) => `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;

export const stripeIds = {
  paymentIntent: (paymentId: string) => `pi_${hex(paymentId)}`,
  refund: (paymentId: string, refundId: string) => `re_${hex(paymentId)}${hex(refundId)}`,
  event: (eventId: string) => `evt_${hex(eventId)}`,
  charge: (paymentId: string) => `ch_${hex(paymentId)}`,
  dispute: (disputeId: string) => `dp_${hex(disputeId)}`,
  webhookEndpoint: (endpointId: string) => `we_${hex(endpointId)}`,
};

function parse(prefix: string, id: string, uuids: number, param: string, noun: string): string[] {
  const digits = id.startsWith(prefix) ? id.slice(prefix.length) : '';
  if (!new RegExp(`^[0-9a-f]{${32 * uuids}}$`).test(digits)) throw StripeApiError.invalid(`No such ${noun}: '${id.slice(0, 100)}'`, 'resource_missing', param, 404);
  return Array.from({ length: uuids }, (_, i) => uuidOf(digits.slice(32 * i, 32 * (i + 1))));
}

export const paymentIdOf = (id: string, param = 'intent') => parse('pi_', id, 1, param, 'payment_intent')[0]!;
export const eventIdOf = (id: string, param = 'id') => parse('evt_', id, 1, param, 'event')[0]!;
export const webhookEndpointIdOf = (id: string) => parse('we_', id, 1, 'id', 'webhook_endpoint')[0]!;
export function refundIdsOf(id: string): { paymentId: string; refundId: string } {
  const [paymentId, refundId] = parse('re_', id, 2, 'id', 'refund');
  return { paymentId: paymentId!, refundId: refundId! };
}
