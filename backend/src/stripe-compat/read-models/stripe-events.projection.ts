import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isPaymentEvent } from '../../payments/index.js';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { MAPPED_TYPES, STRIPE_EVENT_TYPES, isMapped } from '../stripe-event-types.js';
import { StripeEventView } from './stripe-event.entity.js';

/**
 * Which events /v1/events shows each merchant: only PaymentCreated names the merchant and environment,
 * so a later event of the payment takes them from its payment's first row here (this table alone, so a
 * replay rebuilds it exactly, whatever other read models say).
 */
@AsProcessor()
@Injectable()
export class StripeEventsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'stripe-events';
  readonly tables = ['stripe_events'];
  readonly handles = MAPPED_TYPES;

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (!isPaymentEvent(stored) || !isMapped(stored.type)) return;
    const { paymentId } = stored.data;
    const owner =
      stored.type === 'PaymentCreated'
        ? { merchantId: stored.data.merchantId, environment: stored.data.environment }
        : await manager.findOne(StripeEventView, { where: { paymentId }, select: { merchantId: true, environment: true } });
    if (!owner) return;
    const row: StripeEventView = {
      eventId: stored.eventId,
      merchantId: owner.merchantId,
      environment: owner.environment,
      paymentId,
      type: STRIPE_EVENT_TYPES[stored.type],
      globalPosition: stored.globalPosition.toString(),
      createdAt: stored.recordedAt,
    };
    await manager.createQueryBuilder().insert().into(StripeEventView).values(row).orIgnore().execute();
  }
}
