import { z } from 'zod';
import { longApplicationSchema, precheckApplicationSchema } from './application-forms.js';
import { documentSchema } from './documents.js';
import { PAYMENT_METHODS, PROCESSING_COUNTRIES } from './options.js';

export const APPLICATION_STATUSES = ['pending', 'under_review', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES, {
  error: 'Status must be one of pending, under_review, approved, rejected',
});
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  under_review: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
};
export const FORM_TYPES = ['precheck', 'long'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** Longer notes are refused (400), never cut: the back-office counts towards it as the reviewer types. */
export const REVIEW_NOTES_MAX = 5000;

/**
 * PATCH /api/admin/merchant-applications/:id/status (If-Match: the application's version). Strict: a
 * misspelt `reviewNote` would record a rejection without its reason in the audit trail.
 */
export const statusChangeSchema = z.strictObject({
  status: applicationStatusSchema,
  reviewNotes: z.string({ error: 'Review notes must be text' }).trim().max(REVIEW_NOTES_MAX, `Review notes must be at most ${REVIEW_NOTES_MAX} characters`).optional(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** Common to both forms; companyName/contactName/contactEmail/country feed the queue's columns. */
const applicationBase = z.object({
  id: z.string(),
  reference: z.string(),
  status: applicationStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewNotes: z.string().nullable(),
  /** Stream version: send it back in If-Match when changing the status. */
  version: z.number().int(),
  contactName: z.string(),
  contactEmail: z.string(),
  country: z.string(),
  documents: z.array(documentSchema),
});

/**
 * The record holds the forms' values after their rules: an empty optional text is absent, a
 * multi-select a set. Stated as such, since a rule's transform has no JSON Schema for the OpenAPI document.
 */
const storedText = z.string().optional();

export const precheckApplicationRecordSchema = applicationBase.extend({
  formType: z.literal('precheck'),
  ...precheckApplicationSchema.shape,
  streetLine2: storedText,
  shareholderStreetLine2: storedText,
  ownershipPercent: z.number(),
  targetMarketsEU: z.number(),
});
export const longApplicationRecordSchema = applicationBase.extend({
  ...longApplicationSchema.omit({ formType: true }).shape,
  formType: z.literal('long'),
  vatNumber: storedText,
  addressLine2: storedText,
  terminationDetails: storedText,
  additionalInfo: storedText,
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  processingCountries: z.array(z.enum(PROCESSING_COUNTRIES)),
  hasBeenTerminated: z.boolean(),
  pciCompliant: z.boolean(),
  dataProtectionCompliant: z.boolean(),
  antiMoneyLaunderingCompliant: z.boolean(),
});
/** GET /api/admin/merchant-applications (array) and /:id: the same flat record for both. */
export const merchantApplicationSchema = z.discriminatedUnion('formType', [
  precheckApplicationRecordSchema,
  longApplicationRecordSchema,
]);
export type PrecheckApplicationRecord = z.infer<typeof precheckApplicationRecordSchema>;
export type LongApplicationRecord = z.infer<typeof longApplicationRecordSchema>;
export type MerchantApplication = z.infer<typeof merchantApplicationSchema>;

export const historyActorSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  /** staff, merchant, visitor (anonymous applicant) or system. */
  role: z.string(),
});
/** GET /api/admin/merchant-applications/:id/history: one entry per event, oldest first. */
export const applicationHistoryEntrySchema = z.object({
  /** Global position of the event (a bigint, hence a string). */
  position: z.string(),
  type: z.string(),
  at: z.string(),
  actor: historyActorSchema,
  from: applicationStatusSchema.nullable(),
  to: applicationStatusSchema,
  reviewNotes: z.string().nullable(),
});
export type ApplicationHistoryEntry = z.infer<typeof applicationHistoryEntrySchema>;
