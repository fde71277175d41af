import type { Environment, PaymentMethodType, PaymentStatus } from '@tallyline/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model of payments (projection "payments"). Money in minor units; bigints come back as text. */
@Entity('payments')
export class PaymentView {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'merchant_id' }) merchantId: string;
  @Column('text') environment: Environment;
  @Column('bigint', { name: 'amount_minor' }) amountMinor: string;
  @Column('bigint', { name: 'refunded_minor', default: 0 }) refundedMinor: string;
  @Column('text') currency: string;
  @Column('text') status: PaymentStatus;
  @Column('text', { name: 'payment_method' }) paymentMethod: PaymentMethodType;
  @Column('text', { name: 'customer_email' }) customerEmail: string;
  @Column('text', { name: 'customer_name' }) customerName: string;
  @Column('text', { name: 'customer_country', nullable: true }) customerCountry: string | null;
  @Column('text', { name: 'order_id' }) orderId: string;
  @Column('text', { nullable: true }) description: string | null;
  @Column('text', { name: 'return_url', nullable: true }) returnUrl: string | null;
  @Column('text', { name: 'gateway_transaction_id', nullable: true }) gatewayTransactionId: string | null;
  @Column('text', { name: 'card_brand', nullable: true }) cardBrand: string | null;
  @Column('text', { name: 'card_last4', nullable: true }) cardLast4: string | null;
  @Column('text', { name: 'failure_reason', nullable: true }) failureReason: string | null;
  /** The integrator's key-value pairs (Stripe's metadata). */
  @Column('jsonb', { default: {} }) metadata: Record<string, string>;
  /** The payment method named at creation, charged when the payment is confirmed without one. */
  @Column('text', { name: 'payment_method_ref', nullable: true }) paymentMethodRef: string | null;
  /** The 3-D Secure page of the attempt waiting for it. */
  @Column('text', { name: 'redirect_url', nullable: true }) redirectUrl: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
  /** Global position of the last event applied, as text. */
  @Column('bigint') position: string;
}
