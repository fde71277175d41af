import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model of custom payment methods (projection "payment-methods"). Fees in basis points and cents. */
@Entity('payment_methods')
export class PaymentMethodView {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'merchant_id' }) merchantId: string;
  @Column('text') name: string;
  @Column('text') type: string;
  @Column('boolean', { name: 'is_active' }) isActive: boolean;
  @Column('integer', { name: 'processing_fee_bps' }) processingFeeBps: number;
  @Column('integer', { name: 'fixed_fee_minor' }) fixedFeeMinor: number;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
