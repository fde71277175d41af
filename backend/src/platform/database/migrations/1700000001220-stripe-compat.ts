import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Stripe-compatible API's own read model and flags:
 * - stripe_events (projection "stripe-events"): which payment events Stripe names, per merchant and
 *   environment, in log order, so /v1/events pages without reading the event store's own tables;
 * - webhook_endpoints.format: an endpoint made through /v1/webhook_endpoints is sent Stripe's event
 *   objects signed with Stripe-Signature; the others keep the standard-webhooks format;
 * - the sandbox gateway's disputes (its own table: the simulated bank disputes a sale).
 */
export class StripeCompat1700000001220 implements MigrationInterface {
  name = 'StripeCompat1700000001220';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stripe_events (
        event_id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL,
        environment text NOT NULL,
        payment_id uuid NOT NULL,
        type text NOT NULL,
        global_position bigint NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX stripe_events_merchant_position ON stripe_events (merchant_id, environment, global_position)`);
    await q.query(`CREATE INDEX stripe_events_payment ON stripe_events (payment_id)`);
    await q.query(`ALTER TABLE webhook_endpoints ADD COLUMN format text NOT NULL DEFAULT 'standard'`);
    await q.query(`ALTER TABLE sandbox_gateway_transactions ADD COLUMN dispute_id uuid, ADD COLUMN dispute_reason text, ADD COLUMN disputed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sandbox_gateway_transactions DROP COLUMN dispute_id, DROP COLUMN dispute_reason, DROP COLUMN disputed_at`);
    await q.query(`ALTER TABLE webhook_endpoints DROP COLUMN format`);
    await q.query(`DROP TABLE stripe_events`);
  }
}
