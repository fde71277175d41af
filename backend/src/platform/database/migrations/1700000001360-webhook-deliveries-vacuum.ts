import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The webhook outbox is a queue: each row is written several times within seconds (claimed, parked,
 * delivered), so autovacuum visits it often. At PostgreSQL's default cost delay that visit was throttled
 * into 20 s and more, and while it ran the claims slowed and the healthy endpoints got about a quarter
 * fewer deliveries (`npm run bench:webhooks`, c) with 30 endpoints hanging, whose parked rows it has the
 * most to clear). Unthrottled, as queue tables usually run, it is over in about a second (in a one-round
 * diagnostic run the drop went from 14% to 1%; full runs still vary widely, see the README).
 */
export class WebhookDeliveriesVacuum1700000001360 implements MigrationInterface {
  name = 'WebhookDeliveriesVacuum1700000001360';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries SET (autovacuum_vacuum_cost_delay = 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries RESET (autovacuum_vacuum_cost_delay)`);
  }
}
