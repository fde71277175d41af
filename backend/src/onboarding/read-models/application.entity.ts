import type { ApplicationStatus, FormType, MerchantApplication } from '@tallyline/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The staff queue (projection "merchant-applications"): the folded record as JSON, plus the columns
 * the queue filters and sorts on.
 */
@Entity('merchant_applications')
export class ApplicationView {
  @PrimaryColumn('uuid') id: string;
  @Column('text') reference: string;
  @Column('text', { name: 'form_type' }) formType: FormType;
  @Column('text') status: ApplicationStatus;
  @Column('text', { name: 'company_name' }) companyName: string;
  @Column('text', { name: 'contact_name' }) contactName: string;
  /** Lower-cased primary e-mail (long form: email): what approval matches a merchant's owner on. */
  @Column('text', { name: 'contact_email' }) contactEmail: string;
  /** Lower-cased company, contact names and every e-mail, for the queue's q filter. */
  @Column('text', { name: 'search_text' }) searchText: string;
  @Column('jsonb') record: MerchantApplication;
  @Column('integer') version: number;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}

/** One row per application event (projection "application-history"): the audit trail of a review. */
@Entity('application_history')
export class ApplicationHistoryView {
  @PrimaryColumn('uuid', { name: 'event_id' }) eventId: string;
  /** Global position (bigint) as text, as the pg driver returns it. */
  @Column('bigint') position: string;
  @Column('uuid', { name: 'application_id' }) applicationId: string;
  @Column('text') type: string;
  @Column('timestamptz') at: Date;
  @Column('text', { name: 'actor_type' }) actorType: string;
  @Column('text', { name: 'actor_id' }) actorId: string;
  /** Only for submissions: the anonymous applicant is known by the e-mail they gave. */
  @Column('text', { name: 'applicant_email', nullable: true }) applicantEmail: string | null;
  @Column('text', { name: 'from_status', nullable: true }) fromStatus: ApplicationStatus | null;
  @Column('text', { name: 'to_status' }) toStatus: ApplicationStatus;
  @Column('text', { name: 'review_notes', nullable: true }) reviewNotes: string | null;
}
