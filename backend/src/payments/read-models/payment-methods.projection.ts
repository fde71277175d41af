import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { foldRows } from '../../platform/projections/rebuild/bulk-rows.js';
import { isPaymentMethodEvent, type PaymentMethodEvent } from '../payment-method.events.js';
import { PaymentMethodView } from './payment-method.entity.js';
import { eventDate } from '../../platform/projections/event-date.js';

const idOf = (stored: StoredEvent) => (isPaymentMethodEvent(stored) ? stored.data.paymentMethodId : undefined);

function evolve(row: PaymentMethodView | undefined, stored: StoredEvent): PaymentMethodView | undefined {
  if (!isPaymentMethodEvent(stored)) return undefined;
  switch (stored.type) {
    case 'PaymentMethodAdded': {
      const { paymentMethodId, merchantId, name, methodType, isActive, processingFeeBps, fixedFeeMinor, addedAt } = stored.data;
      return { id: paymentMethodId, merchantId, name, type: methodType, isActive, processingFeeBps, fixedFeeMinor, createdAt: eventDate(addedAt, 'addedAt'), updatedAt: eventDate(addedAt, 'addedAt') };
    }
    case 'PaymentMethodConfigured':
      return row && { ...row, ...stored.data.changes, updatedAt: eventDate(stored.data.configuredAt, 'configuredAt') };
  }
}

@AsProcessor()
@Injectable()
export class PaymentMethodsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'payment-methods';
  readonly tables = ['payment_methods'];
  readonly handles = ['PaymentMethodAdded', 'PaymentMethodConfigured'] satisfies PaymentMethodEvent['type'][];

  // One event is a chunk of one: live and replay share the same fold.
  handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    return this.rebuildChunk([stored], manager);
  }

  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    await foldRows(manager, PaymentMethodView, events, idOf, evolve);
  }
}
