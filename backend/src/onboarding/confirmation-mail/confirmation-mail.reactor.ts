import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { MailTransport, type MailMessage } from '../../platform/mail/mail-transport.js';
import { AsProcessor, type Reactor } from '../../platform/projections/processor.js';
import { contactOf } from '../application-record.js';
import { isApplicationEvent, type ApplicationSubmitted } from '../application.events.js';

/** At most this many confirmations to one address a day: the form is public, the address is anyone's. */
export const MAX_CONFIRMATIONS_PER_ADDRESS_PER_DAY = 5;
const DEDUPE_PREFIX = 'application-confirmation:';

/** The confirmation the success page promises: "a confirmation e-mail with a reference number". */
export function confirmationMail(event: ApplicationSubmitted): MailMessage {
  const { reference } = event.data;
  const { companyName, contactEmail } = contactOf(event.data);
  return {
    to: contactEmail,
    subject: `We received your Tallyline application (${reference})`,
    body: [
      `Thank you for applying to Tallyline on behalf of ${companyName}.`,
      '',
      `Your application reference is ${reference}. Please quote it whenever you contact us.`,
      '',
      'Our compliance team reviews every application within 24-48 hours. Once your application is approved you will receive your API credentials and an integration guide.',
      '',
      'The Tallyline team',
    ].join('\n'),
  };
}

@AsProcessor()
@Injectable()
export class ConfirmationMailReactor implements Reactor {
  readonly kind = 'reactor';
  readonly name = 'application-confirmation-mail';
  readonly handles = ['ApplicationSubmitted'];

  private readonly logger = new Logger('ConfirmationMail');

  constructor(private readonly mail: MailTransport) {}

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (!isApplicationEvent(stored) || stored.type !== 'ApplicationSubmitted') return;
    const event = stored;
    const message = confirmationMail(event);
    // Counted in this batch's transaction: a batch redone after a crash counts (and skips) the same.
    const [{ sent }] = (await manager.query<[{ sent: number }]>(
      `SELECT count(*)::int AS sent FROM mail_outbox
        WHERE lower("to") = lower($1) AND starts_with(dedupe_key, $2) AND created_at > $3::timestamptz - interval '1 day'`,
      [message.to, DEDUPE_PREFIX, stored.recordedAt],
    ));
    if (sent >= MAX_CONFIRMATIONS_PER_ADDRESS_PER_DAY) {
      this.logger.warn(`Application ${event.data.reference} recorded; no confirmation: the daily limit for its address is reached`);
      return;
    }
    // Keyed by event id: a batch redone after a crash sends nothing twice.
    await this.mail.send(message, `${DEDUPE_PREFIX}${stored.eventId}`, manager);
  }
}
