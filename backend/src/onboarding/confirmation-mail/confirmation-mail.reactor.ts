import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { MailTransport, type MailMessage } from '../../platform/mail/mail-transport.js';
import { AsProcessor, type Reactor } from '../../platform/projections/processor.js';
import { contactOf } from '../application-record.js';
import type { ApplicationSubmitted } from '../application.events.js';

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

  constructor(private readonly mail: MailTransport) {}

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (stored.type !== 'ApplicationSubmitted') return;
    // Keyed by event id: a batch redone after a crash sends nothing twice.
    await this.mail.send(confirmationMail(stored as unknown as ApplicationSubmitted), `application-confirmation:${stored.eventId}`, manager);
  }
}
