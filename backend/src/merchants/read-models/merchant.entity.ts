import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model of merchants (projection "merchants"). The id is the owner's user id. */
@Entity('merchants')
export class MerchantView {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'owner_user_id' }) ownerUserId: string;
  @Column('text', { name: 'company_name' }) companyName: string;
  @Column('text') email: string;
  @Column('text', { nullable: true }) website: string | null;
  @Column('text', { name: 'business_type' }) businessType: string;
  @Column('text') environment: 'production' | 'staging';
  @Column('boolean', { name: 'is_active' }) isActive: boolean;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}

/** Secret keys (projection "api-keys" of ApiKeyIssued/Rotated/Imported): only their sha256 is kept. */
@Entity('api_keys')
export class ApiKeyRecord {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'merchant_id' }) merchantId: string;
  @Column('text') environment: 'production' | 'staging';
  @Column('text') prefix: string;
  @Column('text', { name: 'key_hash', unique: true }) keyHash: string;
  @Column('text') last4: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt: Date | null;
}
