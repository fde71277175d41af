import type { Environment, PaymentMethodType } from '@tallyline/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What only PaymentCreated says, kept for the payment's later events (projection "payment-stats"). */
@Entity('payment_stat_facts')
export class PaymentStatFacts {
  @PrimaryColumn('uuid', { name: 'payment_id' }) paymentId: string;
  @Column('uuid', { name: 'merchant_id' }) merchantId: string;
  @Column('text') environment: Environment;
  @Column('text') currency: string;
  @Column('text', { name: 'payment_method' }) paymentMethod: PaymentMethodType;
  @Column('bigint', { name: 'amount_minor' }) amountMinor: string;
  /** The UTC day it was created: the day its analytics count it on. */
  @Column('date') day: string;
  /** '' when the payment has none. */
  @Column('text', { name: 'customer_country' }) customerCountry: string;
  /** Counted once in `attempted` however many attempts it takes. */
  @Column('boolean', { default: false }) attempted: boolean;
  @Column('boolean', { default: false }) completed: boolean;
  /** Its completed refunds so far: a dispute withdraws only what they left. */
  @Column('bigint', { name: 'refunded_minor', default: 0 }) refundedMinor: string;
  /** What its dispute withdrew from revenue: the disputed amount, at most what the refunds left. */
  @Column('bigint', { name: 'disputed_minor', default: 0 }) disputedMinor: string;
}

/** Counters per merchant, environment and currency (projection "payment-stats"). Money in minor units, as text. */
@Entity('payment_stats')
export class PaymentStatsView {
  @PrimaryColumn('uuid', { name: 'merchant_id' }) merchantId: string;
  @PrimaryColumn('text') environment: Environment;
  @PrimaryColumn('text') currency: string;
  @Column('integer') attempted: number;
  @Column('integer') completed: number;
  @Column('integer') failed: number;
  @Column('bigint', { name: 'completed_minor' }) completedMinor: string;
  @Column('bigint', { name: 'refunded_minor' }) refundedMinor: string;
  /** Withdrawn by disputes (chargebacks) when they opened; revenue is completed − refunded − disputed. */
  @Column('bigint', { name: 'disputed_minor' }) disputedMinor: string;
}

/**
 * The payments one merchant created on one UTC day in one environment, currency, method and customer
 * country ('' for none) (projection "payment-stats"): the analytics tab's rollup. Completions,
 * refunds and disputes count on the payment's day, as the transactions tab dates them.
 */
@Entity('payment_daily_stats')
export class PaymentDailyStatsView {
  @PrimaryColumn('uuid', { name: 'merchant_id' }) merchantId: string;
  @PrimaryColumn('text') environment: Environment;
  @PrimaryColumn('date') day: string;
  @PrimaryColumn('text') currency: string;
  @PrimaryColumn('text', { name: 'payment_method' }) paymentMethod: PaymentMethodType;
  @PrimaryColumn('text') country: string;
  /** Payments created that day. */
  @Column('integer') created: number;
  /** Of those, the ones that reached the gateway (the stats' `attempted`: what the success rate divides by). */
  @Column('integer') attempted: number;
  /** Of those, the ones completed, and their amount. */
  @Column('integer') completed: number;
  @Column('bigint', { name: 'completed_minor' }) completedMinor: string;
  /** Their completed refunds. */
  @Column('bigint', { name: 'refunded_minor' }) refundedMinor: string;
  /** What their disputes withdrew (see PaymentStatFacts.disputedMinor). */
  @Column('bigint', { name: 'disputed_minor' }) disputedMinor: string;
}
