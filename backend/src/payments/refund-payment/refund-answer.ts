import { formatMinor, PAYMENT_MESSAGES, type RefundResult } from '@tallyline/contracts';
import { DomainError } from '../../platform/domain-error.js';
import { existingPayment, paymentDecider, type ExistingPayment } from '../payment.decider.js';
import type { PaymentEvent } from '../payment.events.js';

/** The answer to a completed refund, from the payment's state just after it. */
export function refundAnswer(state: ExistingPayment, refundId: string, amountMinor: number): RefundResult {
  const { paymentId, currency } = state.created;
  return {
    id: paymentId,
    status: state.status,
    refundId,
    refundStatus: 'completed',
    amount: formatMinor(amountMinor, currency),
    refundedAmount: formatMinor(state.refundedMinor, currency),
    message: PAYMENT_MESSAGES.refundProcessed,
  };
}

/**
 * What the first request for this refund answered, replayed from the payment's history, so that a
 * retry with its Idempotency-Key gets the very same (the amounts as they were then, not as later
 * refunds made them). Undefined if the refund was never requested; 409 while it is still being made.
 */
export function firstAnswerOf(history: readonly PaymentEvent[], refundId: string): RefundResult | undefined {
  let state = paymentDecider.initialState();
  let requested = false;
  for (const event of history) {
    state = paymentDecider.evolve(state, event);
    if (!('refundId' in event.data) || event.data.refundId !== refundId) continue;
    if (event.type === 'RefundRequested') requested = true;
    if (event.type === 'RefundFailed') throw new DomainError('bad_gateway', PAYMENT_MESSAGES.refundFailed);
    if (event.type === 'RefundCompleted') return refundAnswer(existingPayment(state), refundId, event.data.amountMinor);
  }
  // Another request with the key is between asking the gateway and recording its answer.
  if (requested) throw new DomainError('conflict', PAYMENT_MESSAGES.idempotencyInProgress);
  return undefined;
}
