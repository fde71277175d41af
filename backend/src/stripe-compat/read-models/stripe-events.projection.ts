import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isPaymentEvent, type PaymentEvent } from '../../payments/index.js';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { writeRows } from '../../platform/projections/rebuild/bulk-rows.js';
import { MAPPED_TYPES, STRIPE_EVENT_TYPES, isMapped, type StripeMappedType } from '../stripe-event-types.js';
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

  // One event is a chunk of one: live and replay share the same fold.
  handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    return this.rebuildChunk([stored], manager);
  }

  /** A live batch as a replay's chunk: a few statements for all its events instead of some per event. */
  handleBatch(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    return this.rebuildChunk(events, manager);
  }

  /** Owners come from the chunk's own PaymentCreated events, else from this table in one lookup. */
  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    const mapped = events.filter((stored): stored is PaymentEvent & StoredEvent => isPaymentEvent(stored) && isMapped(stored.type));
    const owners = new Map<string, Owner>();
    for (const stored of mapped) {
      if (stored.type === 'PaymentCreated') owners.set(stored.data.paymentId, { merchantId: stored.data.merchantId, environment: stored.data.environment });
    }
    const unknown = [...new Set(mapped.map((stored) => stored.data.paymentId).filter((id) => !owners.has(id)))];
    if (unknown.length > 0) {
      const found = await manager.query<(Owner & { paymentId: string })[]>(
        `SELECT DISTINCT ON (payment_id) payment_id AS "paymentId", merchant_id AS "merchantId", environment FROM stripe_events WHERE payment_id = ANY($1::uuid[])`,
        [unknown],
      );
      for (const { paymentId, ...owner } of found) if (!owners.has(paymentId)) owners.set(paymentId, owner);
    }
    const rows = mapped.flatMap((stored): StripeEventView[] => {
      const owner = owners.get(stored.data.paymentId);
      if (!owner) return [];
      return [
        {
          eventId: stored.eventId,
          ...owner,
          paymentId: stored.data.paymentId,
          type: STRIPE_EVENT_TYPES[stored.type as StripeMappedType],
          globalPosition: stored.globalPosition.toString(),
          createdAt: stored.recordedAt,
        },
      ];
    });
    await writeRows(manager, StripeEventView, rows, 'ignore');
  }
}

type Owner = Pick<StripeEventView, 'merchantId' | 'environment'>;
