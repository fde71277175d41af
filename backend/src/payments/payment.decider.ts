import { isDeepStrictEqual } from 'node:util';
import { PAYMENT_MESSAGES, type PaymentStatus } from '@tallyline/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { DomainError } from '../platform/domain-error.js';
import type { AttemptChanges, PaymentCreated, PaymentEvent } from './payment.events.js';

type Created = PaymentCreated['data'];

/** The latest gateway call of a payment and what is known of its outcome. */
interface Attempt {
  attemptId: string;
  reference: string;
  cardBrand: string;
  cardLast4: string;
  outcome: 'in_flight' | 'requires_action' | 'approved' | 'failed';
}

interface PendingRefund {
  refundId: string;
  amountMinor: number;
  reference: string;
}

export type PaymentState =
  | { status: 'none' }
  | {
      status: PaymentStatus;
      created: Created;
      refundedMinor: number;
      attempt: Attempt | null;
      gatewayTransactionId: string | null;
      /** A refund requested from the gateway whose outcome is not recorded yet. */
      refund: PendingRefund | null;
      /** The recorded outcome of every refund settled so far, by refundId: a repeat report changes nothing. */
      settledRefunds: Record<string, RefundOutcome['kind']>;
      /** The chargeback the card holder's bank opened, if any: one per payment. */
      disputeId: string | null;
    };

export type CreatePaymentCommand = { type: 'CreatePayment'; at: Date } & Omit<Created, 'createdAt'>;

export interface AttemptPaymentCommand extends AttemptChanges {
  type: 'AttemptPayment';
  attemptId: string;
  reference: string;
  cardBrand: string;
  cardLast4: string;
  at: Date;
}

/** What the gateway answered (or CheckTransaction later told) about one attempt. */
export type AttemptOutcome =
  | { kind: 'approved'; gatewayTransactionId: string }
  | { kind: 'requires_action'; gatewayTransactionId: string; redirectUrl: string }
  | { kind: 'failed'; gatewayTransactionId: string | null; resultCode: number; reason: string };

export interface RecordPaymentOutcomeCommand {
  type: 'RecordPaymentOutcome';
  attemptId: string;
  outcome: AttemptOutcome;
  at: Date;
}

export interface RequestRefundCommand {
  type: 'RequestRefund';
  refundId: string;
  /** null: all that is left to refund. */
  amountMinor: number | null;
  reference: string;
  reason?: string | undefined;
  metadata?: Record<string, string> | undefined;
  at: Date;
}

export type RefundOutcome = { kind: 'completed'; gatewayTransactionId: string } | { kind: 'failed'; reason: string };

export interface RecordRefundOutcomeCommand {
  type: 'RecordRefundOutcome';
  refundId: string;
  outcome: RefundOutcome;
  at: Date;
}

export interface CancelPaymentCommand {
  type: 'CancelPayment';
  reason: string | null;
  at: Date;
}

/** The gateway's record of a sale says its card holder disputes it (reported by IPN or reconciliation). */
export interface RecordDisputeCommand {
  type: 'RecordDispute';
  disputeId: string;
  gatewayTransactionId: string;
  amountMinor: number;
  reason: string;
  at: Date;
}

export type PaymentCommand =
  | CreatePaymentCommand
  | AttemptPaymentCommand
  | RecordPaymentOutcomeCommand
  | CancelPaymentCommand
  | RequestRefundCommand
  | RecordRefundOutcomeCommand
  | RecordDisputeCommand;

export type ExistingPayment = Exclude<PaymentState, { status: 'none' }>;

/** A payment that has been created; a stream without one is a 404. */
export function existingPayment(state: PaymentState): ExistingPayment {
  if (state.status === 'none') throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
  return state;
}

/** The fields a create request is compared on when its Idempotency-Key comes again. */
const REQUEST_FIELDS = [
  'merchantId',
  'environment',
  'amountMinor',
  'currency',
  'customerEmail',
  'customerName',
  'orderId',
  'paymentMethod',
  'description',
  'returnUrl',
  'customerCountry',
  'metadata',
  'paymentMethodRef',
] as const satisfies (keyof Created)[];

/**
 * A payment's id is derived from its Idempotency-Key, so a repeated request lands on the same stream:
 * the same body is the first answer (no new event), another body is refused.
 */
function create(command: CreatePaymentCommand, state: PaymentState): PaymentEvent[] {
  if (state.status !== 'none') {
    if (REQUEST_FIELDS.every((field) => isDeepStrictEqual(state.created[field] ?? null, command[field] ?? null))) return [];
    throw new DomainError('unprocessable', PAYMENT_MESSAGES.idempotencyMismatch);
  }
  const { type: _type, at, ...data } = command;
  return [{ type: 'PaymentCreated', data: { ...data, createdAt: at.toISOString() } }];
}

/** A payment is charged at most once: one attempt at a time, none after an outcome. */
function attempt(command: AttemptPaymentCommand, state: PaymentState): PaymentEvent[] {
  const payment = existingPayment(state);
  if (payment.status === 'canceled') throw new DomainError('illegal_state', PAYMENT_MESSAGES.canceled);
  if (payment.status !== 'pending') throw new DomainError('illegal_state', PAYMENT_MESSAGES.alreadyPaid);
  if (payment.attempt) throw new DomainError('illegal_state', PAYMENT_MESSAGES.attemptInProgress);
  const { attemptId, reference, cardBrand, cardLast4, at, returnUrl, paymentMethodRef } = command;
  const changes = { ...(returnUrl === undefined ? {} : { returnUrl }), ...(paymentMethodRef === undefined ? {} : { paymentMethodRef }) };
  return [{ type: 'PaymentAttempted', data: { paymentId: payment.created.paymentId, attemptId, reference, cardBrand, cardLast4, at: at.toISOString(), ...changes } }];
}

/**
 * The gateway's answer, the IPN, the 3-D Secure return and the startup reconciliation may all report
 * the same outcome: recording it again changes nothing. A contradicting outcome is refused.
 */
function recordOutcome(command: RecordPaymentOutcomeCommand, state: PaymentState): PaymentEvent[] {
  const payment = existingPayment(state);
  const current = payment.attempt;
  if (current?.attemptId !== command.attemptId) throw new DomainError('illegal_state', 'Unknown payment attempt');
  const { outcome } = command;
  if (current.outcome === outcome.kind) return [];
  if (current.outcome !== 'in_flight' && current.outcome !== 'requires_action') throw new DomainError('illegal_state', PAYMENT_MESSAGES.alreadyPaid);
  const base = { paymentId: payment.created.paymentId, attemptId: current.attemptId, at: command.at.toISOString() };
  switch (outcome.kind) {
    case 'approved':
      return [{ type: 'PaymentCompleted', data: { ...base, gatewayTransactionId: outcome.gatewayTransactionId, cardBrand: current.cardBrand, cardLast4: current.cardLast4 } }];
    case 'requires_action':
      return [{ type: 'PaymentRequiresAction', data: { ...base, gatewayTransactionId: outcome.gatewayTransactionId, redirectUrl: outcome.redirectUrl } }];
    case 'failed':
      return [{ type: 'PaymentFailed', data: { ...base, gatewayTransactionId: outcome.gatewayTransactionId, resultCode: outcome.resultCode, reason: outcome.reason } }];
  }
}

/**
 * Only a payment the gateway cannot charge any more: never tried, or its one attempt failed. An attempt
 * in flight or waiting for 3-D Secure may still be approved, so it cannot be canceled.
 */
function cancel(command: CancelPaymentCommand, state: PaymentState): PaymentEvent[] {
  const payment = existingPayment(state);
  if (payment.status === 'canceled') return [];
  const untouched = payment.status === 'pending' && !payment.attempt;
  if (!untouched && payment.status !== 'failed') throw new DomainError('illegal_state', PAYMENT_MESSAGES.cancelOnlyUnpaid);
  return [{ type: 'PaymentCanceled', data: { paymentId: payment.created.paymentId, reason: command.reason, at: command.at.toISOString() } }];
}

/** Only completed payments, one refund at a time, and the refunds never add up past the amount. */
function requestRefund(command: RequestRefundCommand, state: PaymentState): PaymentEvent[] {
  const payment = existingPayment(state);
  // First: a repeat of a refund already made (a retried Idempotency-Key racing) is the same conflict
  // whatever that refund did to the status, even when it refunded everything.
  if (payment.settledRefunds[command.refundId]) throw new DomainError('conflict', PAYMENT_MESSAGES.refundAlreadyMade);
  if (payment.status === 'disputed') throw new DomainError('illegal_state', PAYMENT_MESSAGES.refundDisputed);
  if (payment.status !== 'completed') throw new DomainError('illegal_state', PAYMENT_MESSAGES.refundOnlyCompleted);
  if (payment.refund) throw new DomainError('conflict', PAYMENT_MESSAGES.refundInProgress);
  const refundable = payment.created.amountMinor - payment.refundedMinor;
  const amountMinor = command.amountMinor ?? refundable;
  if (amountMinor <= 0 || amountMinor > refundable) {
    throw new DomainError('unprocessable', PAYMENT_MESSAGES.refundExceeds, [{ field: 'amount', message: PAYMENT_MESSAGES.refundExceeds }]);
  }
  const { refundId, reference, reason, metadata, at } = command;
  const labels = { ...(reason ? { reason } : {}), ...(metadata && Object.keys(metadata).length > 0 ? { metadata } : {}) };
  return [{ type: 'RefundRequested', data: { paymentId: payment.created.paymentId, refundId, amountMinor, reference, ...labels, at: at.toISOString() } }];
}

/** Like a payment's outcome, a refund's may be reported by the answer, the IPN and the reconciliation: once counts. */
function recordRefundOutcome(command: RecordRefundOutcomeCommand, state: PaymentState): PaymentEvent[] {
  const payment = existingPayment(state);
  const settled = payment.settledRefunds[command.refundId];
  if (settled === command.outcome.kind) return [];
  const refund = payment.refund;
  if (refund?.refundId !== command.refundId) throw new DomainError('illegal_state', 'Unknown or already settled refund');
  const base = { paymentId: payment.created.paymentId, refundId: refund.refundId, amountMinor: refund.amountMinor, at: command.at.toISOString() };
  const { outcome } = command;
  return outcome.kind === 'completed'
    ? [{ type: 'RefundCompleted', data: { ...base, gatewayTransactionId: outcome.gatewayTransactionId } }]
    : [{ type: 'RefundFailed', data: { ...base, reason: outcome.reason } }];
}

/**
 * Only money that was taken can be disputed: a completed (or refunded) payment, once. The same dispute
 * reported again (IPN, reconciliation) records nothing; a second, different one is refused.
 */
function recordDispute(command: RecordDisputeCommand, state: PaymentState): PaymentEvent[] {
  const payment = existingPayment(state);
  if (payment.disputeId === command.disputeId) return [];
  if (payment.disputeId) throw new DomainError('illegal_state', PAYMENT_MESSAGES.alreadyDisputed);
  if (payment.status !== 'completed' && payment.status !== 'refunded') throw new DomainError('illegal_state', PAYMENT_MESSAGES.disputeOnlyPaid);
  const { disputeId, gatewayTransactionId, amountMinor, reason, at } = command;
  return [{ type: 'DisputeOpened', data: { paymentId: payment.created.paymentId, disputeId, gatewayTransactionId, amountMinor, reason, at: at.toISOString() } }];
}

function evolve(state: PaymentState, event: PaymentEvent): PaymentState {
  if (event.type === 'PaymentCreated') {
    return { status: 'pending', created: event.data, refundedMinor: 0, attempt: null, gatewayTransactionId: null, refund: null, settledRefunds: {}, disputeId: null };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'PaymentAttempted': {
      const { attemptId, reference, cardBrand, cardLast4 } = event.data;
      return { ...state, attempt: { attemptId, reference, cardBrand, cardLast4, outcome: 'in_flight' } };
    }
    case 'PaymentRequiresAction':
      return { ...state, status: 'requires_action', gatewayTransactionId: event.data.gatewayTransactionId, attempt: state.attempt && { ...state.attempt, outcome: 'requires_action' } };
    case 'PaymentCompleted':
      return { ...state, status: 'completed', gatewayTransactionId: event.data.gatewayTransactionId, attempt: state.attempt && { ...state.attempt, outcome: 'approved' } };
    case 'PaymentFailed':
      return {
        ...state,
        status: 'failed',
        gatewayTransactionId: event.data.gatewayTransactionId ?? state.gatewayTransactionId,
        attempt: state.attempt && { ...state.attempt, outcome: 'failed' },
      };
    case 'PaymentCanceled':
      return { ...state, status: 'canceled' };
    case 'RefundRequested':
      return { ...state, refund: { refundId: event.data.refundId, amountMinor: event.data.amountMinor, reference: event.data.reference } };
    case 'RefundCompleted': {
      const refundedMinor = state.refundedMinor + event.data.amountMinor;
      const settledRefunds = { ...state.settledRefunds, [event.data.refundId]: 'completed' as const };
      return { ...state, refund: null, settledRefunds, refundedMinor, status: refundedMinor >= state.created.amountMinor ? 'refunded' : state.status };
    }
    case 'RefundFailed':
      return { ...state, refund: null, settledRefunds: { ...state.settledRefunds, [event.data.refundId]: 'failed' } };
    case 'DisputeOpened':
      return { ...state, status: 'disputed', disputeId: event.data.disputeId };
  }
}

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreatePayment':
        return create(command, state);
      case 'AttemptPayment':
        return attempt(command, state);
      case 'RecordPaymentOutcome':
        return recordOutcome(command, state);
      case 'CancelPayment':
        return cancel(command, state);
      case 'RequestRefund':
        return requestRefund(command, state);
      case 'RecordRefundOutcome':
        return recordRefundOutcome(command, state);
      case 'RecordDispute':
        return recordDispute(command, state);
    }
  },
};
