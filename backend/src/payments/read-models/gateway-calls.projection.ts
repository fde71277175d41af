import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { foldRows } from '../../platform/projections/rebuild/bulk-rows.js';
import { isPaymentEvent, type PaymentEvent } from '../payment.events.js';
import { GatewayCallView } from './gateway-call.entity.js';

/** The call an event is about: its attemptId or refundId (PaymentCreated, PaymentCanceled and DisputeOpened are about none). */
function callIdOf(stored: StoredEvent): string | undefined {
  if (!isPaymentEvent(stored) || stored.type === 'PaymentCreated' || stored.type === 'PaymentCanceled' || stored.type === 'DisputeOpened') return undefined;
  return 'attemptId' in stored.data ? stored.data.attemptId : stored.data.refundId;
}

export function evolveGatewayCall(row: GatewayCallView | undefined, stored: StoredEvent): GatewayCallView | undefined {
  if (!isPaymentEvent(stored)) return undefined;
  switch (stored.type) {
    // When the call was recorded, not the command's own clock: a backdated command (the demo seed's
    // sample history) must not look long overdue to the reconciliation while its call is in flight.
    case 'PaymentAttempted': {
      const { attemptId, paymentId, reference } = stored.data;
      return { callId: attemptId, reference, paymentId, kind: 'attempt', amountMinor: null, state: 'in_flight', startedAt: stored.recordedAt };
    }
    case 'RefundRequested': {
      const { refundId, paymentId, reference, amountMinor } = stored.data;
      return { callId: refundId, reference, paymentId, kind: 'refund', amountMinor: amountMinor.toString(), state: 'in_flight', startedAt: stored.recordedAt };
    }
    case 'PaymentRequiresAction':
      return row && { ...row, state: 'requires_action' };
    case 'PaymentCompleted':
    case 'PaymentFailed':
    case 'RefundCompleted':
    case 'RefundFailed':
      return row && { ...row, state: 'settled' };
    case 'PaymentCreated':
    case 'PaymentCanceled':
    case 'DisputeOpened':
      return undefined;
  }
}

@AsProcessor()
@Injectable()
export class GatewayCallsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'gateway-calls';
  readonly tables = ['gateway_calls'];
  readonly handles = [
    'PaymentAttempted',
    'PaymentRequiresAction',
    'PaymentCompleted',
    'PaymentFailed',
    'RefundRequested',
    'RefundCompleted',
    'RefundFailed',
  ] satisfies PaymentEvent['type'][];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    const callId = callIdOf(stored);
    if (!callId) return;
    const row = (await manager.findOneBy(GatewayCallView, { callId })) ?? undefined;
    const next = evolveGatewayCall(row, stored);
    if (next) await manager.upsert(GatewayCallView, next, ['callId']);
  }

  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    await foldRows(manager, GatewayCallView, events, callIdOf, evolveGatewayCall);
  }
}
