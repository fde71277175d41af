import { formatMinorAsMoney, type PaymentTimelineEntry, type TimelineActor } from '@tallyline/contracts';
import type { EventMetadata, StoredEvent } from '../../platform/event-store/event-store.port.js';
import { isPaymentEvent } from '../payment.events.js';

/** The gateway names brands in lower case (visa); a sentence names them as people write them. */
const card = (brand: string, last4: string) => `${brand.charAt(0).toUpperCase()}${brand.slice(1)} •••• ${last4}`;

/**
 * One line a person can read for each event of a payment's stream. `currency` comes from the
 * PaymentCreated that opens the stream; an event type this version does not know (a newer one) is shown by its name rather than hidden.
 */
export function summarize(event: StoredEvent, currency: string): string {
  if (!isPaymentEvent(event)) return event.type;
  // As the dashboard shows money (£83.62), not as the API writes amounts (83.62 GBP).
  const money = (amountMinor: number) => formatMinorAsMoney(amountMinor, currency);
  switch (event.type) {
    case 'PaymentCreated':
      // A payment intent made through /v1 without metadata[order_id] has no order to name.
      return `Payment of ${money(event.data.amountMinor)} created${event.data.orderId ? ` for order ${event.data.orderId}` : ''}`;
    case 'PaymentAttempted':
      return `Payment attempted with ${card(event.data.cardBrand, event.data.cardLast4)}`;
    case 'PaymentRequiresAction':
      return '3-D Secure verification requested from the customer';
    case 'PaymentCompleted':
      return `Payment completed with ${card(event.data.cardBrand, event.data.cardLast4)}`;
    case 'PaymentFailed':
      return `Payment failed: ${event.data.reason}`;
    case 'PaymentCanceled':
      return event.data.reason ? `Payment canceled: ${event.data.reason}` : 'Payment canceled';
    case 'RefundRequested':
      return `Refund of ${money(event.data.amountMinor)} requested`;
    case 'RefundCompleted':
      return `Refund of ${money(event.data.amountMinor)} completed`;
    case 'RefundFailed':
      return `Refund of ${money(event.data.amountMinor)} failed: ${event.data.reason}`;
    case 'DisputeOpened':
      return `Dispute of ${money(event.data.amountMinor)} opened by the card holder: ${event.data.reason}`;
  }
}

/** Gateway notifications (IPN) are recorded with this system actor id prefix, then the gateway's name. */
export const GATEWAY_ACTOR_PREFIX = 'gateway:';

/** Who caused an event, before looking people up: what the metadata alone can say. */
export function actorFromMetadata(actor: EventMetadata['actor'] | undefined): TimelineActor {
  if (!actor) return { id: '', email: null, role: 'system' };
  if (actor.id === 'anonymous') return { id: actor.id, email: null, role: 'visitor' };
  if (actor.type === 'system' && actor.id.startsWith(GATEWAY_ACTOR_PREFIX)) return { id: actor.id.slice(GATEWAY_ACTOR_PREFIX.length), email: null, role: 'gateway' };
  return { id: actor.id, email: null, role: actor.type };
}

/**
 * When it happened, as the event says (a payment's creation, a gateway's answer): what the list shows
 * too. It is the recording time give or take a moment, except for payments imported or seeded with
 * their own dates, whose timelines would otherwise all read "today".
 */
function occurredAt(event: StoredEvent): string {
  if (!isPaymentEvent(event)) return event.recordedAt.toISOString();
  const at = event.type === 'PaymentCreated' ? event.data.createdAt : event.data.at;
  return at || event.recordedAt.toISOString();
}

/** The stream as timeline entries, oldest first; `actorOf` turns user ids into people (e-mail, role). */
export async function timelineOf(events: readonly StoredEvent[], actorOf: (actor: EventMetadata['actor'] | undefined) => Promise<TimelineActor>): Promise<PaymentTimelineEntry[]> {
  const created = events.find((event) => event.type === 'PaymentCreated');
  const currency = created && isPaymentEvent(created) && created.type === 'PaymentCreated' ? created.data.currency : '';
  const entries: PaymentTimelineEntry[] = [];
  for (const event of events) {
    entries.push({
      id: event.eventId,
      position: event.globalPosition.toString(),
      type: event.type,
      at: occurredAt(event),
      recordedAt: event.recordedAt.toISOString(),
      summary: summarize(event, currency),
      actor: await actorOf(event.metadata.actor),
    });
  }
  return entries;
}
