import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A hanging endpoint's due deliveries are parked: their next_attempt_at is pushed out, so the claim's
 * scan of due rows no longer walks them, and `parked` tells them from retries that were scheduled
 * (those keep their time when the endpoint answers again). The index finds one endpoint's pending rows,
 * to park and release them.
 */
export class ParkedWebhookDeliveries1700000001320 implements MigrationInterface {
  name = 'ParkedWebhookDeliveries1700000001320';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN parked boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX webhook_deliveries_pending_endpoint ON webhook_deliveries (endpoint_id, next_attempt_at) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX webhook_deliveries_pending_endpoint`);
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN parked`);
  }
}
