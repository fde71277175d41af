import type { PaymentView } from '../payments/index.js';
import { stripeIds } from './stripe-ids.js';
import { cardError } from './test-payment-methods.js';

export const unix = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);

/** Stripe's statuses for ours: a payment only the gateway can still decide is processing. */
function statusOf(view: PaymentView): 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled' {
  switch (view.status) {
    case 'pending':
      return view.cardLast4 ? 'processing' : view.paymentMethodRef ? 'requires_confirmation' : 'requires_payment_method';
    case 'requires_action':
      return 'requires_action';
    // A dispute questions the money, not the payment: Stripe's PaymentIntent stays succeeded.
    case 'completed':
    case 'refunded':
    case 'disputed':
      return 'succeeded';
    case 'failed':
      return 'requires_payment_method';
    case 'canceled':
      return 'canceled';
  }
}

/** A payment as a Stripe PaymentIntent (the read model's row, or one folded from its events). */
export function toPaymentIntent(view: PaymentView) {
  const status = statusOf(view);
  const amount = Number(view.amountMinor);
  return {
    id: stripeIds.paymentIntent(view.id),
    object: 'payment_intent' as const,
    amount,
    amount_received: status === 'succeeded' ? amount : 0,
    currency: view.currency.toLowerCase(),
    status,
    created: unix(view.createdAt),
    livemode: view.environment === 'production',
    description: view.description,
    metadata: view.metadata,
    receipt_email: view.customerEmail || null,
    payment_method: view.paymentMethodRef,
    payment_method_types: ['card'],
    capture_method: 'automatic' as const,
    confirmation_method: 'automatic' as const,
    client_secret: null,
    latest_charge: view.gatewayTransactionId && status === 'succeeded' ? stripeIds.charge(view.id) : null,
    next_action: status === 'requires_action' && view.redirectUrl ? { type: 'redirect_to_url' as const, redirect_to_url: { url: view.redirectUrl, return_url: view.returnUrl } } : null,
    last_payment_error: view.status === 'failed' ? cardError(view.failureReason) : null,
    canceled_at: view.status === 'canceled' ? unix(view.updatedAt) : null,
  };
}

export type PaymentIntent = ReturnType<typeof toPaymentIntent>;

/** The payment's one charge, as charge.refunded events carry it. */
export function toCharge(view: PaymentView) {
  const refunded = Number(view.refundedMinor);
  return {
    id: stripeIds.charge(view.id),
    object: 'charge' as const,
    amount: Number(view.amountMinor),
    amount_refunded: refunded,
    currency: view.currency.toLowerCase(),
    payment_intent: stripeIds.paymentIntent(view.id),
    refunded: refunded >= Number(view.amountMinor),
    status: 'succeeded' as const,
    created: unix(view.createdAt),
    livemode: view.environment === 'production',
  };
}

/** A chargeback on the payment's charge, as charge.dispute.created carries it. */
export function toDispute(view: PaymentView, dispute: { disputeId: string; amountMinor: number; reason: string; at: string }) {
  return {
    id: stripeIds.dispute(dispute.disputeId),
    object: 'dispute' as const,
    amount: dispute.amountMinor,
    currency: view.currency.toLowerCase(),
    charge: stripeIds.charge(view.id),
    payment_intent: stripeIds.paymentIntent(view.id),
    reason: dispute.reason,
    status: 'needs_response' as const,
    created: unix(dispute.at),
    livemode: view.environment === 'production',
  };
}

export interface RefundFacts {
  paymentId: string;
  refundId: string;
  amountMinor: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  reason: string | null;
  metadata: Record<string, string>;
  at: string;
}

export function toRefund(refund: RefundFacts) {
  return {
    id: stripeIds.refund(refund.paymentId, refund.refundId),
    object: 'refund' as const,
    amount: refund.amountMinor,
    currency: refund.currency.toLowerCase(),
    payment_intent: stripeIds.paymentIntent(refund.paymentId),
    charge: stripeIds.charge(refund.paymentId),
    status: refund.status,
    created: unix(refund.at),
    metadata: refund.metadata,
    reason: refund.reason,
  };
}

/** Stripe's list envelope. */
export const stripeList = <T>(url: string, data: T[], hasMore: boolean) => ({ object: 'list' as const, url, has_more: hasMore, data });
