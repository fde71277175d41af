import type { Environment, WebhookEventType } from '@tallyline/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model of webhook endpoints (projection "webhook-endpoints"); a deleted endpoint's row is gone. */
@Entity('webhook_endpoints')
export class WebhookEndpointView {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'merchant_id' }) merchantId: string;
  @Column('text') environment: Environment;
  @Column('text') url: string;
  @Column('text', { nullable: true }) description: string | null;
  @Column('text', { name: 'event_types', array: true }) eventTypes: WebhookEventType[];
  @Column('boolean') enabled: boolean;
  @Column('text', { name: 'disabled_reason', nullable: true }) disabledReason: string | null;
  /** Only the salt: the secret is derived from it with the server's key (endpoint-secrets.ts). */
  @Column('text', { name: 'secret_salt' }) secretSalt: string;
  @Column('text', { name: 'secret_last4' }) secretLast4: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  /** 'standard' (standard webhooks) or a registered WebhookFormat's name, such as 'stripe'. */
  @Column('text') format: string;
}
