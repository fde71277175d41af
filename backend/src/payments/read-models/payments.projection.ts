import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { foldRows } from '../../platform/projections/rebuild/bulk-rows.js';
import { isPaymentEvent, type PaymentEvent } from '../payment.events.js';
import { PaymentView } from './payment.entity.js';
import { eventDate } from '../../platform/projections/event-date.js';

const paymentIdOf = (stored: StoredEvent) => (isPaymentEvent(stored) ? stored.data.paymentId : undefined);

/** The payment row after the event; undefined when the event changes nothing (or its payment is unknown). */
export function evolvePayment(row: PaymentView | undefined, stored: StoredEvent): PaymentView | undefined {
  if (!isPaymentEvent(stored)) return undefined;
  const position = stored.globalPosition.toString();
  if (stored.type === 'PaymentCreated') {
    const { data } = stored;
    return {
      id: data.paymentId,
      merchantId: data.merchantId,
      environment: data.environment,
      amountMinor: data.amountMinor.toString(),
      refundedMinor: '0',
      currency: data.currency,
      status: 'pending',
      paymentMethod: data.paymentMethod,
      customerEmail: data.customerEmail,
      customerName: data.customerName,
      customerCountry: data.customerCountry,
      orderId: data.orderId,
      description: data.description,
      returnUrl: data.returnUrl,
      gatewayTransactionId: null,
      cardBrand: null,
      cardLast4: null,
      failureReason: null,
      metadata: data.metadata ?? {},
      paymentMethodRef: data.paymentMethodRef ?? null,
      redirectUrl: null,
      createdAt: eventDate(data.createdAt, 'createdAt'),
      updatedAt: eventDate(data.createdAt, 'createdAt'),
      position,
    };
  }
  if (!row) return undefined;
  const next = { ...row, updatedAt: eventDate(stored.data.at, 'at'), position };
  switch (stored.type) {
    case 'PaymentAttempted': {
      const { cardBrand, cardLast4, returnUrl, paymentMethodRef } = stored.data;
      return { ...next, cardBrand, cardLast4, returnUrl: returnUrl ?? row.returnUrl, paymentMethodRef: paymentMethodRef ?? row.paymentMethodRef };
    }
    case 'PaymentRequiresAction':
      return { ...next, status: 'requires_action', gatewayTransactionId: stored.data.gatewayTransactionId, redirectUrl: stored.data.redirectUrl };
    case 'PaymentCompleted':
      return { ...next, status: 'completed', gatewayTransactionId: stored.data.gatewayTransactionId, cardBrand: stored.data.cardBrand, cardLast4: stored.data.cardLast4 };
    case 'PaymentFailed':
      return { ...next, status: 'failed', gatewayTransactionId: stored.data.gatewayTransactionId ?? row.gatewayTransactionId, failureReason: stored.data.reason };
    case 'PaymentCanceled':
      return { ...next, status: 'canceled' };
    case 'RefundCompleted': {
      const refunded = BigInt(row.refundedMinor) + BigInt(stored.data.amountMinor);
      return { ...next, refundedMinor: refunded.toString(), status: refunded >= BigInt(row.amountMinor) ? 'refunded' : row.status };
    }
    case 'DisputeOpened':
      return { ...next, status: 'disputed' };
    case 'RefundRequested':
    case 'RefundFailed':
      return next;
  }
}

@AsProcessor()
@Injectable()
export class PaymentsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'payments';
  readonly tables = ['payments'];
  readonly handles = [
    'PaymentCreated',
    'PaymentAttempted',
    'PaymentRequiresAction',
    'PaymentCompleted',
    'PaymentFailed',
    'PaymentCanceled',
    'RefundRequested',
    'RefundCompleted',
    'RefundFailed',
    'DisputeOpened',
  ] satisfies PaymentEvent['type'][];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (!isPaymentEvent(stored)) return;
    const row = stored.type === 'PaymentCreated' ? undefined : ((await manager.findOneBy(PaymentView, { id: stored.data.paymentId })) ?? undefined);
    const next = evolvePayment(row, stored);
    if (next) await manager.upsert(PaymentView, next, ['id']);
  }

  /** A live batch as a replay's chunk: its rows loaded once and written in one statement. */
  handleBatch(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    return this.rebuildChunk(events, manager);
  }

  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    await foldRows(manager, PaymentView, events, paymentIdOf, evolvePayment, (event) => event.type === 'PaymentCreated');
  }
}
