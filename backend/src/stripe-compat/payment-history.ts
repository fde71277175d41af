import { Injectable } from '@nestjs/common';
import { evolvePayment, isPaymentEvent, type PaymentView } from '../payments/index.js';
import { EventStore, type StoredEvent } from '../platform/event-store/event-store.port.js';
import { streamNames } from '../platform/event-store/stream-names.js';
import type { Caller } from './payment-intents.queries.js';

/** A payment's own events, read from the event store, and the payment as it was after each. */
export interface PaymentHistory {
  events: StoredEvent[];
  /** The payment as of the event at that global position (the read model's fold, replayed). */
  asOf(position: bigint): PaymentView | undefined;
}

@Injectable()
export class PaymentHistories {
  constructor(private readonly store: EventStore) {}

  /** undefined for a payment that does not exist or is another merchant's or environment's. */
  async of(caller: Caller, paymentId: string): Promise<PaymentHistory | undefined> {
    const events = await this.store.readStream(streamNames.payment(paymentId));
    const created = events[0];
    if (!created || !isPaymentEvent(created) || created.type !== 'PaymentCreated') return undefined;
    if (created.data.merchantId !== caller.merchantId || created.data.environment !== caller.environment) return undefined;
    return {
      events,
      asOf: (position) => events.filter((event) => event.globalPosition <= position).reduce<PaymentView | undefined>((row, event) => evolvePayment(row, event) ?? row, undefined),
    };
  }
}
