import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The confirmation-mail reactor counts an address's mails of the last day before it sends another.
 * Without an index that count read the whole outbox (60–70 ms at 60,000 mails), inside the reactor's
 * batch transaction: its transaction id held every later event back from every subscriber until it
 * committed, so one reactor catching up stalled every read model.
 */
export class MailOutboxRecipient1700000001340 implements MigrationInterface {
  name = 'MailOutboxRecipient1700000001340';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX mail_outbox_recipient_recent ON mail_outbox (lower("to"), created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX mail_outbox_recipient_recent`);
  }
}
