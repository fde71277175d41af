import type { MerchantApplication } from '@tallyline/contracts';
import type { StoredEvent } from '../platform/event-store/event-store.port.js';
import { isApplicationEvent, type SubmittedForm } from './application.events.js';

/** Who the queue shows as the applicant, whatever the form. */
export function contactOf(form: SubmittedForm): { companyName: string; contactName: string; contactEmail: string; country: string } {
  if (form.formType === 'precheck') {
    const f = form.fields;
    return { companyName: f.companyName, contactName: `${f.shareholderFirstName} ${f.shareholderLastName}`, contactEmail: f.primaryEmail.toLowerCase(), country: f.operatingCountry };
  }
  const f = form.fields;
  return { companyName: f.companyName, contactName: `${f.firstName} ${f.lastName}`, contactEmail: f.email.toLowerCase(), country: f.country };
}

/** Every e-mail on the form, for the queue's search. */
export function emailsOf(form: SubmittedForm): [string, ...string[]] {
  return form.formType === 'precheck'
    ? [form.fields.primaryEmail, form.fields.shareholderEmail, form.fields.technicalContactEmail]
    : [form.fields.email];
}

/**
 * The staff view of one application, folded from its events. The queue projection stores the same
 * shape and time travel (asOf) folds it on demand, so both always agree.
 */
export function evolveRecord(record: MerchantApplication | null, stored: StoredEvent): MerchantApplication | null {
  if (!isApplicationEvent(stored)) return record;
  const event = stored;
  switch (event.type) {
    case 'ApplicationSubmitted': {
      const { applicationId, reference, submittedAt, formType, fields, documents } = event.data;
      const contact = contactOf(event.data);
      const base = { id: applicationId, reference, status: 'pending' as const, createdAt: submittedAt, updatedAt: submittedAt, reviewNotes: null, version: stored.streamVersion, ...contact, documents };
      // The form's own fields come last but never override the envelope (both forms have companyName, equal anyway).
      return formType === 'precheck' ? { ...fields, ...base, formType } : { ...fields, ...base, formType, documents: [] };
    }
    case 'StatusChanged': {
      if (!record) return record;
      const { to, reviewNotes, changedAt } = event.data;
      return { ...record, status: to, reviewNotes: reviewNotes === null ? record.reviewNotes : reviewNotes || null, updatedAt: changedAt, version: stored.streamVersion };
    }
    default:
      return record;
  }
}

export function foldRecord(events: readonly StoredEvent[]): MerchantApplication | null {
  return events.reduce<MerchantApplication | null>(evolveRecord, null);
}
