import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../../platform/config/app-config.js';
import { EventStore, type StoredEvent } from '../../platform/event-store/event-store.port.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { MailTransport, type MailMessage } from '../../platform/mail/mail-transport.js';
import { AsProcessor, type Reactor } from '../../platform/projections/processor.js';
import { contactOf } from '../application-record.js';
import { isApplicationEvent, type ApplicationSubmitted } from '../application.events.js';

/**
 * The review's outcome, told to the applicant: the confirmation promised a review within 24-48 hours,
 * and without this the applicant learnt of it only by trying to sign in. Staff's review notes are
 * internal and stay out of it.
 */
export function decisionMail(submitted: ApplicationSubmitted, decision: 'approved' | 'rejected', publicUrl: string): MailMessage {
  const { reference } = submitted.data;
  const { companyName, contactEmail } = contactOf(submitted.data);
  const approved = [
    `Good news: the application of ${companyName} (reference ${reference}) has been approved.`,
    '',
    `If you already have a Tallyline merchant account under this e-mail address, it is active now: sign in at ${publicUrl}/login. If not, create it at ${publicUrl}/merchant-register with this e-mail address, and it will be active at once.`,
    '',
    `Your API keys are under Dashboard → Settings, and the integration guide is at ${publicUrl}/guides.`,
  ];
  const rejected = [
    `Thank you for applying to Tallyline. We have reviewed the application of ${companyName} (reference ${reference}) and are unable to approve it.`,
    '',
    'If you believe we have missed something, reply to support@tallyline.com quoting your reference.',
  ];
  return {
    to: contactEmail,
    subject: decision === 'approved' ? `Your Tallyline application is approved (${reference})` : `Your Tallyline application (${reference})`,
    body: [...(decision === 'approved' ? approved : rejected), '', 'The Tallyline team'].join('\n'),
  };
}

@AsProcessor()
@Injectable()
export class DecisionMailReactor implements Reactor {
  readonly kind = 'reactor';
  readonly name = 'application-decision-mail';
  readonly handles = ['StatusChanged'];

  constructor(
    private readonly mail: MailTransport,
    private readonly store: EventStore,
    private readonly config: AppConfig,
  ) {}

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (!isApplicationEvent(stored) || stored.type !== 'StatusChanged') return;
    const { applicationId, to } = stored.data;
    if (to !== 'approved' && to !== 'rejected') return;
    const [submitted] = await this.store.readStream(streamNames.application(applicationId), { to: 0 });
    if (!submitted || !isApplicationEvent(submitted) || submitted.type !== 'ApplicationSubmitted') return;
    // Keyed by event id: a batch redone after a crash sends nothing twice.
    await this.mail.send(decisionMail(submitted, to, this.config.publicUrl), `application-decision:${stored.eventId}`, manager);
  }
}
