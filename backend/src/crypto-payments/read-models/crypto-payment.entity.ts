import type { CryptoCode, CryptoFiat, CryptoPaymentStatus, Environment } from '@tallyline/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model of crypto payments (projection "crypto-payments"); also what the expiry scheduler reads. */
@Entity('crypto_payments')
export class CryptoPaymentView {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'merchant_id' }) merchantId: string;
  @Column('text') environment: Environment;
  @Column('text') status: CryptoPaymentStatus;
  @Column('bigint', { name: 'amount_minor' }) amountMinor: string;
  @Column('text') currency: CryptoFiat;
  @Column('text', { name: 'target_crypto' }) targetCrypto: CryptoCode;
  /** Exact decimal strings, as the event recorded them. */
  @Column('text', { name: 'crypto_amount' }) cryptoAmount: string;
  @Column('text', { name: 'exchange_rate' }) exchangeRate: string;
  @Column('text', { name: 'customer_email' }) customerEmail: string;
  @Column('text', { name: 'customer_name', nullable: true }) customerName: string | null;
  @Column('text', { name: 'order_id' }) orderId: string;
  @Column('text', { name: 'provider_payment_id' }) providerPaymentId: string;
  @Column('text') address: string;
  @Column('text', { name: 'blockchain_tx_hash', nullable: true }) blockchainTxHash: string | null;
  @Column('integer', { nullable: true }) confirmations: number | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
  /** Global position of the last event applied, as text. */
  @Column('bigint') position: string;
}
