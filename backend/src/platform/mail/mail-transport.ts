import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

/** How e-mail leaves the system. Reactors pass their transaction and an idempotency key. */
export abstract class MailTransport {
  abstract send(message: MailMessage, dedupeKey: string, manager: EntityManager): Promise<void>;
  abstract verify(): Promise<{ ok: boolean; transport: string }>;
}

/**
 * The embedded default: mail goes to the `mail_outbox` table (and the log) instead of an SMTP relay.
 * A second send with the same key is ignored.
 */
@Injectable()
export class OutboxMailTransport extends MailTransport {
  private readonly logger = new Logger('Mail');

  async send(message: MailMessage, dedupeKey: string, manager: EntityManager): Promise<void> {
    const inserted = (await manager.query<unknown[]>(
      `INSERT INTO mail_outbox (dedupe_key, "to", subject, body) VALUES ($1, $2, $3, $4)
       ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      [dedupeKey, message.to, message.subject, message.body],
    ));
    if (inserted.length) this.logger.log(`Queued "${message.subject}" for ${message.to}`);
  }

  async verify(): Promise<{ ok: boolean; transport: string }> {
    return { ok: true, transport: 'outbox' };
  }
}
