import type { Environment, PaymentMethodType } from '@tallyline/contracts';
import { eventGuard } from '../platform/event-store/event-guard.js';

/**
 * Stream `payment-{paymentId}`. Money in integer minor units. Only PaymentCreated carries the
 * merchant and environment: projections look them up by paymentId.
 */
export interface PaymentCreated {
  type: 'PaymentCreated';
  data: {
    paymentId: string;
    merchantId: string;
    environment: Environment;
    amountMinor: number;
    /** Upper-case ISO 4217. */
    currency: string;
    customerEmail: string;
    customerName: string;
    orderId: string;
    paymentMethod: PaymentMethodType;
    description: string | null;
    returnUrl: string | null;
    /** ISO 3166 alpha-2, upper-case. */
    customerCountry: string | null;
    idempotencyKey: string | null;
    createdAt: string;
    /** The integrator's own key-value pairs (Stripe's metadata); absent on older events. */
    metadata?: Record<string, string>;
    /** A payment method named at creation to be charged on confirmation (e.g. pm_card_visa). */
    paymentMethodRef?: string | null;
  };
}

/**
 * One call to the gateway, recorded BEFORE the call: `reference` (References.Merchant) is unique to
 * it, so an attempt whose outcome never got recorded can be looked up with CheckTransaction.
 */
export interface PaymentAttempted {
  type: 'PaymentAttempted';
  data: { paymentId: string; attemptId: string; reference: string; cardBrand: string; cardLast4: string; at: string } & AttemptChanges;
}

/** What a confirmation may name anew for its attempt (absent: as the payment was created). */
export interface AttemptChanges {
  returnUrl?: string;
  paymentMethodRef?: string;
}

/** Result code 7: the customer must pass 3-D Secure at redirectUrl; the outcome comes later. */
export interface PaymentRequiresAction {
  type: 'PaymentRequiresAction';
  data: { paymentId: string; attemptId: string; gatewayTransactionId: string; redirectUrl: string; at: string };
}

export interface PaymentCompleted {
  type: 'PaymentCompleted';
  data: { paymentId: string; attemptId: string; gatewayTransactionId: string; cardBrand: string; cardLast4: string; at: string };
}

/** `reason` is the gateway's result message; gatewayTransactionId is null when the gateway never saw the attempt. */
export interface PaymentFailed {
  type: 'PaymentFailed';
  data: { paymentId: string; attemptId: string; gatewayTransactionId: string | null; resultCode: number; reason: string; at: string };
}

/** The merchant gave up on a payment nobody has paid or is paying. */
export interface PaymentCanceled {
  type: 'PaymentCanceled';
  data: { paymentId: string; reason: string | null; at: string };
}

/**
 * Recorded before the gateway's refund request (request type 2), `reference` unique to it. `reason`: the label
 * the Stripe-compatible API takes (duplicate, fraudulent, requested_by_customer), absent when none was given;
 * `metadata` the same API's key-value pairs, absent when none were given.
 */
export interface RefundRequested {
  type: 'RefundRequested';
  data: { paymentId: string; refundId: string; amountMinor: number; reference: string; reason?: string; metadata?: Record<string, string>; at: string };
}

export interface RefundCompleted {
  type: 'RefundCompleted';
  data: { paymentId: string; refundId: string; amountMinor: number; gatewayTransactionId: string; at: string };
}

export interface RefundFailed {
  type: 'RefundFailed';
  data: { paymentId: string; refundId: string; amountMinor: number; reason: string; at: string };
}

/**
 * The card holder's bank disputes a completed payment (a chargeback), as the gateway's record of the
 * sale says; the payment's money is in question until the dispute closes.
 */
export interface DisputeOpened {
  type: 'DisputeOpened';
  data: { paymentId: string; disputeId: string; gatewayTransactionId: string; amountMinor: number; reason: string; at: string };
}

export type PaymentEvent =
  | PaymentCreated
  | PaymentAttempted
  | PaymentRequiresAction
  | PaymentCompleted
  | PaymentFailed
  | PaymentCanceled
  | RefundRequested
  | RefundCompleted
  | RefundFailed
  | DisputeOpened;

export const isPaymentEvent = eventGuard<PaymentEvent>({
  PaymentCreated: true,
  PaymentAttempted: true,
  PaymentRequiresAction: true,
  PaymentCompleted: true,
  PaymentFailed: true,
  PaymentCanceled: true,
  RefundRequested: true,
  RefundCompleted: true,
  RefundFailed: true,
  DisputeOpened: true,
});
