import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../platform/commands/decider-spec.js';
import { paymentDecider, type AttemptOutcome, type CreatePaymentCommand, type PaymentCommand } from './payment.decider.js';
import type { PaymentEvent } from './payment.events.js';

const { given, when } = deciderSpec(paymentDecider);
const at = new Date('2026-11-23T10:00:00.000Z');
const iso = at.toISOString();

const create: CreatePaymentCommand = {
  type: 'CreatePayment',
  paymentId: 'p1',
  merchantId: 'm1',
  environment: 'staging',
  amountMinor: 10000,
  currency: 'GBP',
  customerEmail: 'ann@example.com',
  customerName: 'Ann',
  orderId: 'order-1',
  paymentMethod: 'credit_card',
  description: null,
  returnUrl: null,
  customerCountry: 'GB',
  idempotencyKey: 'key-1',
  at,
};
const { type: _t, at: _a, ...createdData } = create;
const created: PaymentEvent = { type: 'PaymentCreated', data: { ...createdData, createdAt: iso } };
const attemptCommand: PaymentCommand = { type: 'AttemptPayment', attemptId: 'a1', reference: 'ref-a1', cardBrand: 'visa', cardLast4: '1111', at };
const attempted: PaymentEvent = { type: 'PaymentAttempted', data: { paymentId: 'p1', attemptId: 'a1', reference: 'ref-a1', cardBrand: 'visa', cardLast4: '1111', at: iso } };
const outcome = (o: AttemptOutcome, attemptId = 'a1'): PaymentCommand => ({ type: 'RecordPaymentOutcome', attemptId, outcome: o, at });
const approved = outcome({ kind: 'approved', gatewayTransactionId: 'gw-1' });
const completed: PaymentEvent = { type: 'PaymentCompleted', data: { paymentId: 'p1', attemptId: 'a1', gatewayTransactionId: 'gw-1', cardBrand: 'visa', cardLast4: '1111', at: iso } };
const declined = outcome({ kind: 'failed', gatewayTransactionId: 'gw-1', resultCode: 1, reason: 'Payment declined' });
const failed: PaymentEvent = { type: 'PaymentFailed', data: { paymentId: 'p1', attemptId: 'a1', gatewayTransactionId: 'gw-1', resultCode: 1, reason: 'Payment declined', at: iso } };
const threeDs = outcome({ kind: 'requires_action', gatewayTransactionId: 'gw-1', redirectUrl: 'https://gw/3ds/gw-1' });
const requiresAction: PaymentEvent = { type: 'PaymentRequiresAction', data: { paymentId: 'p1', attemptId: 'a1', gatewayTransactionId: 'gw-1', redirectUrl: 'https://gw/3ds/gw-1', at: iso } };
const refund = (refundId: string, amountMinor: number | null): PaymentCommand => ({ type: 'RequestRefund', refundId, amountMinor, reference: `ref-${refundId}`, at });
const refundRequested = (refundId: string, amountMinor: number): PaymentEvent => ({ type: 'RefundRequested', data: { paymentId: 'p1', refundId, amountMinor, reference: `ref-${refundId}`, at: iso } });
const refundDone = (refundId: string): PaymentCommand => ({ type: 'RecordRefundOutcome', refundId, outcome: { kind: 'completed', gatewayTransactionId: `gw-${refundId}` }, at });
const refundCompleted = (refundId: string, amountMinor: number): PaymentEvent => ({ type: 'RefundCompleted', data: { paymentId: 'p1', refundId, amountMinor, gatewayTransactionId: `gw-${refundId}`, at: iso } });

describe('no payment yet', () => {
  it('creates: PaymentCreated with the id, merchant and time from the command', () => {
    expect(when([], create)).toEqual([created]);
  });

  it.each([attemptCommand, approved, refund('r1', null), refundDone('r1')])('refuses $type: Payment not found (404)', (command) => {
    expect(() => when([], command)).toThrow(expect.objectContaining({ code: 'not_found', message: 'Payment not found' }));
  });
});

describe('a pending payment', () => {
  const history = () => [created];

  it('is pending with nothing refunded', () => {
    expect(given(history())).toMatchObject({ status: 'pending', refundedMinor: 0, attempt: null });
  });

  it('the same create again (same Idempotency-Key and body) records nothing', () => {
    expect(when(history(), create)).toEqual([]);
  });

  it('the same key with another body is refused (422)', () => {
    expect(() => when(history(), { ...create, amountMinor: 5000 })).toThrow(
      expect.objectContaining({ code: 'unprocessable', message: 'Idempotency-Key was already used with a different request body' }),
    );
  });

  it('records an attempt before the gateway is called', () => {
    expect(when(history(), attemptCommand)).toEqual([attempted]);
  });

  it('cannot be refunded (409)', () => {
    expect(() => when(history(), refund('r1', null))).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'Only completed payments can be refunded' }));
  });
});

describe('a payment with an attempt in flight', () => {
  const history = () => [created, attempted];

  it.each([
    ['approved', approved, completed],
    ['declined', declined, failed],
    ['3-D Secure', threeDs, requiresAction],
  ])('records the %s outcome', (_name, command, event) => {
    expect(when(history(), command)).toEqual([event]);
  });

  it('refuses a second attempt while one is in flight (409)', () => {
    expect(() => when(history(), { ...attemptCommand, attemptId: 'a2' })).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'A payment attempt is already in progress' }));
  });

  it('refuses an outcome of an attempt it never made', () => {
    expect(() => when(history(), outcome({ kind: 'approved', gatewayTransactionId: 'gw-9' }, 'a9'))).toThrow(expect.objectContaining({ code: 'illegal_state' }));
  });

  it('records a failure the gateway never saw (no transaction id)', () => {
    const command = outcome({ kind: 'failed', gatewayTransactionId: null, resultCode: 99, reason: 'System error occurred' });
    expect(when(history(), command)).toEqual([{ type: 'PaymentFailed', data: { ...failed.data, gatewayTransactionId: null, resultCode: 99, reason: 'System error occurred' } }]);
  });
});

describe('a payment waiting for 3-D Secure', () => {
  const history = () => [created, attempted, requiresAction];

  it('is requires_action', () => {
    expect(given(history())).toMatchObject({ status: 'requires_action', gatewayTransactionId: 'gw-1' });
  });

  it('completes when the customer passes', () => {
    expect(when(history(), approved)).toEqual([completed]);
  });

  it('fails when the customer does not', () => {
    expect(when(history(), declined)).toEqual([failed]);
  });

  it('the same 3-D Secure answer again records nothing', () => {
    expect(when(history(), threeDs)).toEqual([]);
  });

  it('cannot be paid again (409)', () => {
    expect(() => when(history(), { ...attemptCommand, attemptId: 'a2' })).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'Payment already processed' }));
  });
});

describe('a completed payment', () => {
  const history = () => [created, attempted, completed];

  it('is paid at most once: another attempt is refused (409)', () => {
    expect(() => when(history(), { ...attemptCommand, attemptId: 'a2' })).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'Payment already processed' }));
  });

  it('the same approval reported again (IPN, reconciliation) records nothing', () => {
    expect(when(history(), approved)).toEqual([]);
  });

  it('a contradicting outcome is refused', () => {
    expect(() => when(history(), declined)).toThrow(expect.objectContaining({ code: 'illegal_state' }));
  });

  it('refunds everything when no amount is given', () => {
    expect(when(history(), refund('r1', null))).toEqual([refundRequested('r1', 10000)]);
  });

  it('keeps the reason given with the request, and records none when none was given', () => {
    const withReason = when(history(), { ...refund('r1', 2500), reason: 'requested_by_customer' } as PaymentCommand);
    expect(withReason).toEqual([{ ...refundRequested('r1', 2500), data: { ...refundRequested('r1', 2500).data, reason: 'requested_by_customer' } }]);
    expect('reason' in when(history(), refund('r1', 2500))[0]!.data).toBe(false);
  });

  it('keeps the metadata given with the request; none, or an empty set, records none', () => {
    const withMetadata = when(history(), { ...refund('r1', 2500), metadata: { return_id: 'RMA-12' } } as PaymentCommand);
    expect(withMetadata).toEqual([{ ...refundRequested('r1', 2500), data: { ...refundRequested('r1', 2500).data, metadata: { return_id: 'RMA-12' } } }]);
    expect('metadata' in when(history(), refund('r1', 2500))[0]!.data).toBe(false);
    expect('metadata' in when(history(), { ...refund('r1', 2500), metadata: {} } as PaymentCommand)[0]!.data).toBe(false);
  });

  it('refunds part of it', () => {
    expect(when(history(), refund('r1', 2500))).toEqual([refundRequested('r1', 2500)]);
  });

  it.each([10001, 0])('refuses a refund of %i (422)', (amount) => {
    expect(() => when(history(), refund('r1', amount))).toThrow(
      expect.objectContaining({ code: 'unprocessable', message: 'Refund amount exceeds the refundable amount', errors: [{ field: 'amount', message: 'Refund amount exceeds the refundable amount' }] }),
    );
  });

  it('refuses a second refund while one is in flight (409)', () => {
    expect(() => when([...history(), refundRequested('r1', 100)], refund('r2', 100))).toThrow(
      expect.objectContaining({ code: 'conflict', message: 'A refund of this payment is already in progress' }),
    );
  });

  it('a partial refund keeps it completed and raises refundedMinor', () => {
    expect(given([...history(), refundRequested('r1', 2500), refundCompleted('r1', 2500)])).toMatchObject({ status: 'completed', refundedMinor: 2500, refund: null });
  });

  it('records the refund outcome', () => {
    expect(when([...history(), refundRequested('r1', 2500)], refundDone('r1'))).toEqual([refundCompleted('r1', 2500)]);
  });

  it('a failed refund refunds nothing and frees the way for another', () => {
    const failedRefund: PaymentEvent = { type: 'RefundFailed', data: { paymentId: 'p1', refundId: 'r1', amountMinor: 2500, reason: 'Unknown error', at: iso } };
    const events = [...history(), refundRequested('r1', 2500), failedRefund];
    expect(given(events)).toMatchObject({ status: 'completed', refundedMinor: 0, refund: null });
    expect(when(events, refund('r2', null))).toEqual([refundRequested('r2', 10000)]);
  });

  it('the same refund outcome reported again (IPN, reconciliation) records nothing', () => {
    expect(when([...history(), refundRequested('r1', 2500), refundCompleted('r1', 2500)], refundDone('r1'))).toEqual([]);
  });

  it('a contradicting outcome for a settled refund is refused', () => {
    const failedAfterAll: PaymentCommand = { type: 'RecordRefundOutcome', refundId: 'r1', outcome: { kind: 'failed', reason: 'Unknown error' }, at };
    expect(() => when([...history(), refundRequested('r1', 2500), refundCompleted('r1', 2500)], failedAfterAll)).toThrow(expect.objectContaining({ code: 'illegal_state' }));
  });

  it('refuses an outcome for a refund it never requested', () => {
    expect(() => when(history(), refundDone('r9'))).toThrow(expect.objectContaining({ code: 'illegal_state' }));
  });
});

describe('a partially refunded payment', () => {
  const history = () => [created, attempted, completed, refundRequested('r1', 6000), refundCompleted('r1', 6000)];

  it('refunds at most what is left', () => {
    expect(() => when(history(), refund('r2', 4001))).toThrow(expect.objectContaining({ code: 'unprocessable' }));
    expect(when(history(), refund('r2', null))).toEqual([refundRequested('r2', 4000)]);
  });

  it('the refund that reaches the full amount makes it refunded', () => {
    expect(given([...history(), refundRequested('r2', 4000), refundCompleted('r2', 4000)])).toMatchObject({ status: 'refunded', refundedMinor: 10000 });
  });
});

describe('a refunded payment', () => {
  const history = () => [created, attempted, completed, refundRequested('r1', 10000), refundCompleted('r1', 10000)];

  it('cannot be refunded again (409)', () => {
    expect(() => when(history(), refund('r2', 1))).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'Only completed payments can be refunded' }));
  });
});

describe('a failed payment', () => {
  const history = () => [created, attempted, failed];

  it('cannot be paid again (409)', () => {
    expect(() => when(history(), { ...attemptCommand, attemptId: 'a2' })).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'Payment already processed' }));
  });

  it('cannot be refunded (409)', () => {
    expect(() => when(history(), refund('r1', null))).toThrow(expect.objectContaining({ code: 'illegal_state' }));
  });
});

describe('canceling a payment', () => {
  const cancel: PaymentCommand = { type: 'CancelPayment', reason: 'requested_by_customer', at };
  const canceled: PaymentEvent = { type: 'PaymentCanceled', data: { paymentId: 'p1', reason: 'requested_by_customer', at: iso } };

  it('cancels a payment nobody has tried to pay', () => {
    expect(when([created], cancel)).toEqual([canceled]);
  });

  it('cancels a payment whose only attempt was declined', () => {
    expect(when([created, attempted, failed], cancel)).toEqual([canceled]);
  });

  it('a canceled payment is canceled; canceling again records nothing', () => {
    expect(given([created, canceled])).toMatchObject({ status: 'canceled' });
    expect(when([created, canceled], cancel)).toEqual([]);
  });

  it('a canceled payment cannot be paid (409)', () => {
    expect(() => when([created, canceled], attemptCommand)).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'Payment was canceled' }));
  });

  it.each([
    ['an attempt in flight', [created, attempted]],
    ['waiting for 3-D Secure', [created, attempted, requiresAction]],
    ['completed', [created, attempted, completed]],
  ])('refuses to cancel a payment with %s (409): the gateway may charge it', (_name, history) => {
    expect(() => when(history, cancel)).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'Only a payment that is not paid and not being paid can be canceled' }));
  });
});

describe('metadata and a payment method named at creation', () => {
  const withExtras: CreatePaymentCommand = { ...create, metadata: { order: '42' }, paymentMethodRef: 'pm_card_visa' };

  it('are recorded with the payment', () => {
    expect(when([], withExtras)).toEqual([{ type: 'PaymentCreated', data: expect.objectContaining({ metadata: { order: '42' }, paymentMethodRef: 'pm_card_visa' }) }]);
  });

  it('take part in the Idempotency-Key comparison', () => {
    const history = when([], withExtras);
    expect(when(history, { ...withExtras, metadata: { order: '42' } })).toEqual([]);
    expect(() => when(history, { ...withExtras, metadata: { order: '43' } })).toThrow(expect.objectContaining({ code: 'unprocessable' }));
  });

  it("a confirmation's own return URL and payment method are its attempt's, and the creation still compares as it was", () => {
    const confirmation = { returnUrl: 'https://shop.example/back', paymentMethodRef: 'pm_card_mastercard' };
    const [event] = when([created], { ...attemptCommand, ...confirmation });
    expect(event).toEqual({ type: 'PaymentAttempted', data: { ...attempted.data, ...confirmation } });
    expect(when([created, event!], create)).toEqual([]);
  });
});

describe('a dispute (chargeback) reported by the gateway', () => {
  const paid = () => [created, attempted, completed];
  const dispute = (disputeId = 'd1'): PaymentCommand => ({ type: 'RecordDispute', disputeId, gatewayTransactionId: 'gw-1', amountMinor: 10000, reason: 'fraudulent', at });
  const disputeOpened: PaymentEvent = { type: 'DisputeOpened', data: { paymentId: 'p1', disputeId: 'd1', gatewayTransactionId: 'gw-1', amountMinor: 10000, reason: 'fraudulent', at: iso } };

  it('given a completed payment, when the gateway reports a dispute, then DisputeOpened and the payment is disputed', () => {
    expect(when(paid(), dispute())).toEqual([disputeOpened]);
    expect(given([...paid(), disputeOpened])).toMatchObject({ status: 'disputed', disputeId: 'd1' });
  });

  it('given a refunded payment, when the gateway reports a dispute, then DisputeOpened (refunded money can still be charged back)', () => {
    expect(when([...paid(), refundRequested('r1', 10000), refundCompleted('r1', 10000)], dispute())).toEqual([disputeOpened]);
  });

  it('given a disputed payment, when the same dispute is reported again (IPN, reconciliation), then nothing is recorded', () => {
    expect(when([...paid(), disputeOpened], dispute())).toEqual([]);
  });

  it('given a disputed payment, when another dispute is reported, then it is refused', () => {
    expect(() => when([...paid(), disputeOpened], dispute('d2'))).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'This payment is already disputed' }));
  });

  it('given a disputed payment, when the merchant refunds it, then it is refused (409)', () => {
    expect(() => when([...paid(), disputeOpened], refund('r1', null))).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'This payment is disputed and cannot be refunded' }));
  });

  it('given a disputed payment, when the approval is reported again, then nothing is recorded and it stays disputed', () => {
    expect(when([...paid(), disputeOpened], approved)).toEqual([]);
  });

  it.each([
    ['pending', [created]],
    ['failed', [created, attempted, failed]],
    ['waiting for 3-D Secure', [created, attempted, requiresAction]],
  ])('given a %s payment, when a dispute is reported, then it is refused: no money was taken', (_name, history) => {
    expect(() => when(history, dispute())).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'Only a paid payment can be disputed' }));
  });

  it('given no payment, when a dispute is reported, then Payment not found', () => {
    expect(() => when([], dispute())).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});

describe('a refund id that was already settled', () => {
  it('given a completed refund r1, when r1 is requested again (a retried Idempotency-Key racing), then it is refused, never refunded twice', () => {
    const history = [created, attempted, completed, refundRequested('r1', 2500), refundCompleted('r1', 2500)];
    expect(() => when(history, refund('r1', 2500))).toThrow(expect.objectContaining({ code: 'conflict', message: 'This refund was already made' }));
  });

  it('given r1 refunded everything, when r1 is requested again, then it is the same conflict, not "only completed payments" (a 400 to a racing retry)', () => {
    const history = [created, attempted, completed, refundRequested('r1', 10000), refundCompleted('r1', 10000)];
    expect(() => when(history, refund('r1', null))).toThrow(expect.objectContaining({ code: 'conflict', message: 'This refund was already made' }));
  });
});
