import type { ApplicationDocument, ApplicationStatus, LongApplication, PrecheckApplication } from '@tallyline/contracts';
import { eventGuard } from '../platform/event-store/event-guard.js';

/** The long form's answers; formType travels beside them. */
export type LongApplicationFields = Omit<LongApplication, 'formType'>;

/**
 * Documents are referred to by content hash: the bytes live in the document store, never in events.
 * The long form has none.
 */
export type SubmittedForm =
  | { formType: 'precheck'; fields: PrecheckApplication; documents: ApplicationDocument[] }
  | { formType: 'long'; fields: LongApplicationFields; documents: [] };

export interface ApplicationSubmitted {
  type: 'ApplicationSubmitted';
  data: SubmittedForm & {
    applicationId: string;
    /** Short human reference quoted to the applicant (APP-7K3Q9D). */
    reference: string;
    submittedAt: string;
  };
}

/** A staff decision. reviewNotes is null when the reviewer sent none (the previous notes stay). */
export interface StatusChanged {
  type: 'StatusChanged';
  data: { applicationId: string; from: ApplicationStatus; to: ApplicationStatus; reviewNotes: string | null; changedAt: string };
}

export type ApplicationEvent = ApplicationSubmitted | StatusChanged;

export const isApplicationEvent = eventGuard<ApplicationEvent>({ ApplicationSubmitted: true, StatusChanged: true });
