import { describe, expect, it } from '@jest/globals';
import type { TimelineActor } from '@tallyline/contracts';
import type { EventMetadata, StoredEvent } from '../../platform/event-store/event-store.port.js';
import { actorFromMetadata, timelineOf } from './payment-timeline.js';

let version = 0;
function stored(type: string, data: Record<string, unknown>, actor: EventMetadata['actor']): StoredEvent {
  version += 1;
  return {
    eventId: `e-${version}`,
    type,
    data,
    metadata: { actor, correlationId: 'c', causationId: 'c', schemaVersion: 1 },
    streamId: 'payment-p1',
    streamVersion: version,
    globalPosition: BigInt(version * 10),
    recordedAt: new Date(`2026-01-0${version}T10:00:00Z`),
  };
}

const asIs = (actor: EventMetadata['actor'] | undefined): Promise<TimelineActor> => Promise.resolve(actorFromMetadata(actor));

describe('payment timeline', () => {
  it('names amounts in the currency PaymentCreated gave, dates each event as it says it happened (else as recorded), and shows an event type it does not know by its name', async () => {
    const events = [
      stored('PaymentCreated', { paymentId: 'p1', amountMinor: 1050, currency: 'JPY', orderId: 'o-9', createdAt: '2026-01-01T09:59:59.990Z' }, { type: 'api_key', id: 'k1' }),
      stored('RefundFailed', { paymentId: 'p1', refundId: 'r1', amountMinor: 50, reason: 'System error', at: '' }, { type: 'system', id: 'gateway-reconciliation' }),
      stored('DisputeOpened', { paymentId: 'p1', amountMinor: 1050, reason: 'fraudulent', at: '2026-01-03T09:00:00.000Z' }, { type: 'system', id: 'gateway:sandbox' }),
      stored('ChargebackSettled', { paymentId: 'p1' }, { type: 'system', id: 'gateway:sandbox' }),
    ];
    expect(await timelineOf(events, asIs)).toEqual([
      { id: 'e-1', position: '10', type: 'PaymentCreated', at: '2026-01-01T09:59:59.990Z', recordedAt: '2026-01-01T10:00:00.000Z', summary: 'Payment of ¥1,050 created for order o-9', actor: { id: 'k1', email: null, role: 'api_key' } },
      { id: 'e-2', position: '20', type: 'RefundFailed', at: '2026-01-02T10:00:00.000Z', recordedAt: '2026-01-02T10:00:00.000Z', summary: 'Refund of ¥50 failed: System error', actor: { id: 'gateway-reconciliation', email: null, role: 'system' } },
      { id: 'e-3', position: '30', type: 'DisputeOpened', at: '2026-01-03T09:00:00.000Z', recordedAt: '2026-01-03T10:00:00.000Z', summary: 'Dispute of ¥1,050 opened by the card holder: fraudulent', actor: { id: 'sandbox', email: null, role: 'gateway' } },
      { id: 'e-4', position: '40', type: 'ChargebackSettled', at: '2026-01-04T10:00:00.000Z', recordedAt: '2026-01-04T10:00:00.000Z', summary: 'ChargebackSettled', actor: { id: 'sandbox', email: null, role: 'gateway' } },
    ]);
  });

  it('writes amounts as the dashboard shows money: en-US currency style, with the currency\'s own decimals', async () => {
    const summaries = async (currency: string, amountMinor: number) =>
      (await timelineOf([stored('PaymentCreated', { paymentId: 'p1', amountMinor, currency, orderId: 'o-1', createdAt: '' }, { type: 'user', id: 'u1' })], asIs)).map((entry) => entry.summary);
    expect(await summaries('GBP', 8362)).toEqual(['Payment of £83.62 created for order o-1']);
    expect(await summaries('USD', 5)).toEqual(['Payment of $0.05 created for order o-1']);
    // Three decimals; Intl puts a no-break space after a code it has no symbol for.
    expect(await summaries('KWD', 1234567)).toEqual(['Payment of KWD\u00a01,234.567 created for order o-1']);
    // The largest amount we take.
    expect(await summaries('EUR', 99_999_999_999)).toEqual(['Payment of €999,999,999.99 created for order o-1']);
  });

  it('given a payment without an order id (a /v1 intent), names no order', async () => {
    const entries = await timelineOf([stored('PaymentCreated', { paymentId: 'p1', amountMinor: 10_000, currency: 'GBP', orderId: '', createdAt: '' }, { type: 'user', id: 'u1' })], asIs);
    expect(entries.map((entry) => entry.summary)).toEqual(['Payment of £100.00 created']);
  });

  it('tells the anonymous customer, a gateway and a missing actor apart', () => {
    expect(actorFromMetadata({ type: 'user', id: 'anonymous' })).toEqual({ id: 'anonymous', email: null, role: 'visitor' });
    expect(actorFromMetadata({ type: 'system', id: 'gateway:sandbox' })).toEqual({ id: 'sandbox', email: null, role: 'gateway' });
    // Only the system may speak for a gateway: a user whose id happens to start so is still a user.
    expect(actorFromMetadata({ type: 'user', id: 'gateway:sandbox' })).toEqual({ id: 'gateway:sandbox', email: null, role: 'user' });
    expect(actorFromMetadata(undefined)).toEqual({ id: '', email: null, role: 'system' });
  });
});
