import { randomUUID } from 'node:crypto';
import type { Environment, PaymentMethodType } from '@tallyline/contracts';
import type { PaymentEvent } from '../../src/payments/payment.events.js';
import type { EventMetadata, NewEvent } from '../../src/platform/event-store/event-store.port.js';
import { EventStore } from '../../src/platform/event-store/event-store.port.js';
import { streamNames } from '../../src/platform/event-store/stream-names.js';
import { ProcessorRunner } from '../../src/platform/projections/processor-runner.js';
import type { TestApp } from './app.js';

/** What happened to a given payment after its creation. */
export type Outcome = 'pending' | 'attempted' | 'completed' | 'failed' | { refunded: number[] };

export interface GivenPayment {
  merchantId: string;
  environment?: Environment;
  amountMinor?: number;
  currency?: string;
  paymentMethod?: PaymentMethodType;
  customerName?: string;
  customerEmail?: string;
  description?: string | null;
  createdAt?: Date;
  /** When the outcome (and each refund) happened; createdAt when absent. */
  settledAt?: Date;
  outcome?: Outcome;
}

const metadata = (): EventMetadata => ({ actor: { type: 'system', id: 'test' }, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 });

/** The events the write side would have appended for this history (the decider's shapes, payment.events.ts). */
export function paymentEvents(given: GivenPayment, paymentId = randomUUID()): PaymentEvent[] {
  const created = given.createdAt ?? new Date();
  const at = (given.settledAt ?? created).toISOString();
  const amountMinor = given.amountMinor ?? 1000;
  const events: PaymentEvent[] = [
    {
      type: 'PaymentCreated',
      data: {
        paymentId,
        merchantId: given.merchantId,
        environment: given.environment ?? 'staging',
        amountMinor,
        currency: given.currency ?? 'GBP',
        customerEmail: given.customerEmail ?? 'ann@example.com',
        customerName: given.customerName ?? 'Ann Smith',
        orderId: `order-${paymentId.slice(0, 8)}`,
        paymentMethod: given.paymentMethod ?? 'credit_card',
        description: given.description ?? null,
        returnUrl: null,
        customerCountry: null,
        idempotencyKey: null,
        createdAt: created.toISOString(),
      },
    },
  ];
  const outcome = given.outcome ?? 'pending';
  if (outcome === 'pending') return events;
  const attemptId = randomUUID();
  events.push({ type: 'PaymentAttempted', data: { paymentId, attemptId, reference: randomUUID(), cardBrand: 'visa', cardLast4: '1111', at } });
  if (outcome === 'attempted') return events;
  if (outcome === 'failed') {
    events.push({ type: 'PaymentFailed', data: { paymentId, attemptId, gatewayTransactionId: `gw-${randomUUID()}`, resultCode: 1, reason: 'Payment declined', at } });
    return events;
  }
  events.push({ type: 'PaymentCompleted', data: { paymentId, attemptId, gatewayTransactionId: `gw-${randomUUID()}`, cardBrand: 'visa', cardLast4: '1111', at } });
  if (outcome === 'completed') return events;
  for (const refund of outcome.refunded) {
    const refundId = randomUUID();
    events.push({ type: 'RefundRequested', data: { paymentId, refundId, amountMinor: refund, reference: randomUUID(), at } });
    events.push({ type: 'RefundCompleted', data: { paymentId, refundId, amountMinor: refund, gatewayTransactionId: `gw-${randomUUID()}`, at } });
  }
  return events;
}

/**
 * Appends the payments' events as the write side would, then waits for the projections: a read
 * side tested on given events, independent of the checkout's commands.
 */
export async function givenPayments(t: TestApp, payments: GivenPayment[]): Promise<string[]> {
  const store = t.app.get(EventStore);
  const ids = payments.map(() => randomUUID());
  let last = 0n;
  // A few writers at once, as concurrent checkouts would append: thousands of payments in seconds.
  const queue = payments.map((given, i) => [given, ids[i]!] as const);
  const writer = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [given, id] = next;
      const events: NewEvent[] = paymentEvents(given, id).map((event) => ({ ...event, metadata: metadata() }));
      const { lastPosition } = await store.append(streamNames.payment(id), events, 'no_stream');
      if (lastPosition > last) last = lastPosition;
    }
  };
  await Promise.all(Array.from({ length: 8 }, writer));
  if (!(await t.app.get(ProcessorRunner).waitFor(last, 60_000))) throw new Error('projections did not catch up');
  return ids;
}
