import type { Environment } from '@tallyline/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { StripeEventType } from '../stripe-event-types.js';

/**
 * Read model of the events /v1/events lists (projection "stripe-events"): one row per payment event
 * Stripe has a name for, with the merchant and environment it belongs to, in log order.
 */
@Entity('stripe_events')
export class StripeEventView {
  @PrimaryColumn('uuid', { name: 'event_id' }) eventId: string;
  @Column('uuid', { name: 'merchant_id' }) merchantId: string;
  @Column('text') environment: Environment;
  @Column('uuid', { name: 'payment_id' }) paymentId: string;
  @Column('text') type: StripeEventType;
  /** The event's position in the log, as text (bigint). */
  @Column('bigint', { name: 'global_position' }) globalPosition: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
