import { Column, Entity, PrimaryColumn } from 'typeorm';

/** `in_flight`: asked, answer not recorded; `requires_action`: waiting for the payer's 3-D Secure; `settled`: outcome recorded. */
export type GatewayCallState = 'in_flight' | 'requires_action' | 'settled';

/**
 * Read model of the calls we made to the gateway (projection "gateway-calls"): one row per payment
 * attempt or refund, found by the reference it carried (References.Merchant). The IPN names only
 * that reference, and the reconciliation looks for the calls whose outcome never got recorded.
 */
@Entity('gateway_calls')
export class GatewayCallView {
  /** attemptId or refundId. */
  @PrimaryColumn('uuid', { name: 'call_id' }) callId: string;
  @Column('text') reference: string;
  @Column('uuid', { name: 'payment_id' }) paymentId: string;
  @Column('text') kind: 'attempt' | 'refund';
  /** A refund's amount (an attempt charges the payment's amount: null). */
  @Column('bigint', { name: 'amount_minor', nullable: true }) amountMinor: string | null;
  @Column('text') state: GatewayCallState;
  @Column('timestamptz', { name: 'started_at' }) startedAt: Date;
}
