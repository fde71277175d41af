import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Mail is written to an outbox in the same transaction as the reactor's checkpoint: sent once. */
export class MailOutbox1700000000001 implements MigrationInterface {
  name = 'MailOutbox1700000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        dedupe_key text NOT NULL UNIQUE,
        "to" text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_outbox`);
  }
}
