import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbound webhooks. webhook_endpoints is the projection "webhook-endpoints". webhook_deliveries is
 * the outbox the reactor "webhook-outbox" fills in its checkpoint's transaction; the delivery worker
 * claims due rows (next_attempt_at doubles as the lease of a claimed row) and records each attempt.
 * webhook_endpoint_failures: since when an endpoint has failed without a success in between.
 */
export class Webhooks1700000001100 implements MigrationInterface {
  name = 'Webhooks1700000001100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL,
        environment text NOT NULL,
        url text NOT NULL,
        description text,
        event_types text[] NOT NULL,
        enabled boolean NOT NULL,
        disabled_reason text,
        secret_salt text NOT NULL,
        secret_last4 text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX webhook_endpoints_merchant ON webhook_endpoints (merchant_id, environment)`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY,
        webhook_id text NOT NULL,
        endpoint_id uuid NOT NULL,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        payload jsonb NOT NULL,
        status text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_response_code integer,
        last_error text,
        last_attempt_at timestamptz,
        created_at timestamptz NOT NULL,
        UNIQUE (endpoint_id, event_id)
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)`);
    await q.query(`CREATE TABLE webhook_endpoint_failures (endpoint_id uuid PRIMARY KEY, failing_since timestamptz NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_endpoint_failures`);
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_endpoints`);
  }
}
