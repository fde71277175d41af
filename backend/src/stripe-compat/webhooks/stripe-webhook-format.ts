import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isPaymentEvent } from '../../payments/index.js';
import type { EventStore, StoredEvent } from '../../platform/event-store/event-store.port.js';
import type { FormattedMessage, WebhookFormat } from '../../webhooks/index.js';
import { paymentAsOf, toStripeEvent } from '../stripe-event-objects.js';
import { isMapped, MAPPED_TYPES } from '../stripe-event-types.js';

export const STRIPE_FORMAT = 'stripe';

/**
 * Endpoints made through /v1/webhook_endpoints get the webhooks feature's delivery (outbox, retries,
 * log) with Stripe's body, the `event` object GET /v1/events answers, and Stripe's signature:
 * `Stripe-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "t.body" with the whsec_ secret>`, which
 * stripe.webhooks.constructEvent verifies.
 */
@Injectable()
export class StripeWebhookFormat implements WebhookFormat {
  readonly name = STRIPE_FORMAT;
  readonly handles = MAPPED_TYPES;

  async messageOf(event: StoredEvent, store: EventStore): Promise<FormattedMessage | undefined> {
    if (!isPaymentEvent(event) || !isMapped(event.type)) return undefined;
    // Up to the event only: later events must not leak into an older message.
    const view = paymentAsOf(await store.readStream(event.streamId, { to: event.streamVersion }), event);
    if (!view) return undefined;
    const payload = toStripeEvent({ ...event, type: event.type }, view);
    return { merchantId: view.merchantId, environments: [view.environment], type: payload.type, payload };
  }

  signatureHeaders(secret: string, body: string, now: Date): Record<string, string> {
    const timestamp = Math.floor(now.getTime() / 1000);
    const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
    return { 'stripe-signature': `t=${timestamp},v1=${signature}` };
  }
}
