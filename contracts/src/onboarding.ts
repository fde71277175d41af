import { z } from 'zod';

/** The spec's e-mail rule: text, an @, text, a dot, text. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

function isCalendarDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A required text field: missing, blank and too long each get a message in the spec's style. */
function requiredText(required: string, max = 200, label = required.replace(/ is required$/, '')) {
  return z.string({ error: required }).trim().min(1, required).max(max, `${label} must be at most ${max} characters`);
}

function optionalText(label: string, max = 200) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value));
}

/** Text with a minimum length (long form): too short gets `message`, missing too. */
function minText(min: number, message: string, label: string, max = 200) {
  return z.string({ error: message }).trim().min(min, message).max(max, `${label} must be at most ${max} characters`);
}

/** An option list: empty or missing → `required`, anything else outside the list → `invalid`. */
function option<const T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? required : invalid),
  });
}

function email(message: string) {
  return z.string({ error: message }).trim().max(254, message).regex(EMAIL_PATTERN, message);
}

function url(message: string) {
  return z.string({ error: message }).trim().max(2000, message).refine(isHttpUrl, message);
}

export const OPERATING_COUNTRIES = [
  'United Kingdom', 'United States', 'Germany', 'France', 'Italy', 'Spain', 'Netherlands', 'Belgium',
  'Switzerland', 'Austria', 'Denmark', 'Sweden', 'Norway', 'Finland', 'Ireland', 'Portugal', 'Luxembourg',
  'Cyprus', 'Malta', 'Other',
] as const;
export type OperatingCountry = (typeof OPERATING_COUNTRIES)[number];

export const COMPANY_TYPES = [
  'Private Company (LTD)', 'Sole Trader', 'Partnership (LLP)', 'Public Company (PLC)', 'Other',
] as const;

export const LONG_BUSINESS_TYPES = ['limited_company', 'sole_trader', 'partnership', 'corporation', 'other'] as const;
export const NUMBER_OF_EMPLOYEES = ['1-10', '11-50', '51-100', '101-500', '500+'] as const;
/** In pounds. */
export const ANNUAL_REVENUES = ['0-100k', '100k-500k', '500k-1m', '1m-5m', '5m-10m', '10m+'] as const;
export const INDUSTRY_TYPES = [
  'retail', 'ecommerce', 'hospitality', 'healthcare', 'professional_services', 'education', 'technology',
  'manufacturing', 'finance', 'other',
] as const;
export const MONTHLY_VOLUMES = ['0-10k', '10k-50k', '50k-100k', '100k-500k', '500k+'] as const;
export const AVERAGE_TRANSACTION_VALUES = ['0-50', '50-100', '100-500', '500-1000', '1000+'] as const;
export const PAYMENT_METHODS = [
  'visa', 'mastercard', 'amex', 'paypal', 'apple_pay', 'google_pay', 'bank_transfer', 'sepa', 'other',
] as const;
export const PROCESSING_COUNTRIES = ['GB', 'US', 'EU', 'CA', 'AU', 'SG', 'HK', 'JP', 'OTHER'] as const;
export const CHARGEBACK_RATES = ['0-1%', '1-3%', '3-5%', '5%+'] as const;
export const REFUND_RATES = ['0-5%', '5-10%', '10-15%', '15%+'] as const;
export const HOW_DID_YOU_HEAR = ['google', 'referral', 'advertisement', 'social_media', 'other'] as const;

/** Multipart field names of the pre-check form's uploads (optional per the spec, checked when present). */
export const DOCUMENT_FIELDS = ['passportId', 'proofOfResidence', 'bankStatements', 'directorSignature'] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];
export const documentFieldSchema = z.enum(DOCUMENT_FIELDS, { error: 'Unknown document' });
/** What the file input offers; the server checks the content, not the name. */
export const ACCEPTED_DOCUMENT_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
export const ACCEPTED_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
const EXTENSION_OF_TYPE: Record<(typeof ACCEPTED_DOCUMENT_TYPES)[number], string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * The name a document is downloaded under: chosen by us from its field and detected type, never the
 * uploader's name (an upload named poly.html that is a PDF must not be saved as .html).
 */
export function documentFileName(reference: string, document: { field: DocumentField; type: (typeof ACCEPTED_DOCUMENT_TYPES)[number] }): string {
  return `${reference}-${document.field}.${EXTENSION_OF_TYPE[document.type]}`;
}

export const documentSchema = z.object({
  field: documentFieldSchema,
  name: z.string(),
  type: z.enum(ACCEPTED_DOCUMENT_TYPES),
  size: z.number().int(),
  sha256: z.string(),
});
export type ApplicationDocument = z.infer<typeof documentSchema>;

/** POST /api/merchant-applications (multipart: every field as text, the documents as files). */
export const precheckApplicationSchema = z.object({
  operatingCountry: option(
    OPERATING_COUNTRIES,
    'Operating country is required',
    'Operating country must be one of the listed countries',
  ),
  companyName: requiredText('Company name is required'),
  companyType: option(COMPANY_TYPES, 'Company type is required', 'Company type must be one of the listed types'),
  street: requiredText('Street address is required'),
  streetLine2: optionalText('Street address line 2'),
  city: requiredText('City is required', 100),
  stateProvince: requiredText('State/Province is required', 100),
  postalCode: requiredText('Postal code is required', 20),
  addressCountry: option(OPERATING_COUNTRIES, 'Country is required', 'Country must be one of the listed countries'),
  registrationNumber: requiredText('Registration number is required', 100),
  incorporationDate: z
    .string({ error: 'Incorporation date is required' })
    .trim()
    .min(1, { error: 'Incorporation date is required', abort: true })
    .refine(isCalendarDate, 'Incorporation date must be a valid date (YYYY-MM-DD)'),
  vatTaxNumber: requiredText('VAT/Tax number is required', 100),
  primaryEmail: email('Valid email is required'),
  phoneNumber: requiredText('Phone number is required', 40),
  shareholderFirstName: requiredText('Shareholder first name is required', 100),
  shareholderLastName: requiredText('Shareholder last name is required', 100),
  ownershipPercent: z.coerce
    .number({ error: 'Ownership percentage must be a whole number from 1 to 100' })
    .int('Ownership percentage must be a whole number from 1 to 100')
    .min(1, 'Ownership percentage must be a whole number from 1 to 100')
    .max(100, 'Ownership percentage must be a whole number from 1 to 100')
    .default(100),
  shareholderStreet: requiredText('Shareholder street address is required'),
  shareholderStreetLine2: optionalText('Shareholder street address line 2'),
  shareholderCity: requiredText('Shareholder city is required', 100),
  shareholderStateProvince: requiredText('Shareholder state/province is required', 100),
  shareholderPostalCode: requiredText('Shareholder postal code is required', 20),
  shareholderEmail: email('Valid shareholder email is required'),
  technicalContactEmail: email('Valid technical contact email is required'),
  website: url('Valid website URL is required'),
  companyDescription: minText(10, 'Company description must be at least 10 characters', 'Company description', 5000),
  targetMarketsEU: z.coerce
    .number({ error: 'EU target market share must be a number from 0 to 100' })
    .min(0, 'EU target market share must be a number from 0 to 100')
    .max(100, 'EU target market share must be a number from 0 to 100')
    .default(0),
  /** A USDT address on the Tron network. */
  settlementDetails: requiredText('USDT settlement address is required'),
});
export type PrecheckApplicationInput = z.input<typeof precheckApplicationSchema>;
export type PrecheckApplication = z.output<typeof precheckApplicationSchema>;
export const PRECHECK_FIELDS = Object.keys(precheckApplicationSchema.shape) as (keyof PrecheckApplication)[];

/** POST /api/merchant-applications with a JSON body whose formType is 'long'. */
export const longApplicationSchema = z.object({
  formType: z.literal('long', { error: "formType must be 'long'" }),
  companyName: minText(2, 'Company name must be at least 2 characters', 'Company name'),
  legalName: minText(2, 'Legal name is required', 'Legal name'),
  incorporationCountry: minText(2, 'Country is required', 'Country', 100),
  registrationNumber: minText(1, 'Registration number is required', 'Registration number', 100),
  vatNumber: optionalText('VAT number', 100),
  website: url('Please enter a valid website URL'),
  businessDescription: minText(10, 'Please provide a detailed business description', 'Business description', 5000),
  businessType: option(LONG_BUSINESS_TYPES, 'Business type is required', 'Select a business type from the list'),
  yearEstablished: minText(4, 'Year established must be at least 4 characters', 'Year established', 10),
  numberOfEmployees: option(
    NUMBER_OF_EMPLOYEES,
    'Number of employees is required',
    'Select a number of employees from the list',
  ),
  annualRevenue: option(ANNUAL_REVENUES, 'Annual revenue is required', 'Select an annual revenue from the list'),
  industryType: option(INDUSTRY_TYPES, 'Industry type is required', 'Select an industry type from the list'),
  firstName: minText(2, 'First name must be at least 2 characters', 'First name', 100),
  lastName: minText(2, 'Last name must be at least 2 characters', 'Last name', 100),
  email: email('Please enter a valid email address'),
  phone: minText(10, 'Phone number is required', 'Phone number', 40),
  jobTitle: minText(2, 'Job title must be at least 2 characters', 'Job title', 100),
  addressLine1: minText(5, 'Address must be at least 5 characters', 'Address'),
  addressLine2: optionalText('Address line 2'),
  city: minText(2, 'City must be at least 2 characters', 'City', 100),
  state: minText(2, 'State must be at least 2 characters', 'State', 100),
  postalCode: minText(3, 'Postal code must be at least 3 characters', 'Postal code', 20),
  country: minText(2, 'Country is required', 'Country', 100),
  monthlyVolume: option(MONTHLY_VOLUMES, 'Monthly volume is required', 'Select a monthly volume from the list'),
  averageTransactionValue: option(
    AVERAGE_TRANSACTION_VALUES,
    'Average transaction value is required',
    'Select an average transaction value from the list',
  ),
  paymentMethods: z
    .array(option(PAYMENT_METHODS, 'Select at least one payment method', 'Select payment methods from the list'), {
      error: 'Select at least one payment method',
    })
    .min(1, 'Select at least one payment method'),
  processingCountries: z
    .array(
      option(PROCESSING_COUNTRIES, 'Select at least one processing country', 'Select processing countries from the list'),
      { error: 'Select at least one processing country' },
    )
    .min(1, 'Select at least one processing country'),
  chargebackRate: option(CHARGEBACK_RATES, 'Chargeback rate is required', 'Select a chargeback rate from the list'),
  refundRate: option(REFUND_RATES, 'Refund rate is required', 'Select a refund rate from the list'),
  hasBeenTerminated: z.boolean({ error: 'Previous termination must be yes or no' }).default(false),
  /** Only relevant (and only shown) when hasBeenTerminated is checked. */
  terminationDetails: optionalText('Termination details', 5000),
  pciCompliant: z.boolean({ error: 'PCI compliance must be yes or no' }).default(false),
  dataProtectionCompliant: z.boolean({ error: 'Data protection compliance must be yes or no' }).default(false),
  antiMoneyLaunderingCompliant: z.boolean({ error: 'AML compliance must be yes or no' }).default(false),
  howDidYouHear: option(HOW_DID_YOU_HEAR, 'Please tell us how you heard about us', 'Select an option from the list'),
  additionalInfo: optionalText('Additional information', 5000),
  agreeToTerms: z.literal(true, { error: 'You must agree to the terms and conditions' }),
  agreeToPrivacy: z.literal(true, { error: 'You must agree to the privacy policy' }),
});
export type LongApplicationInput = z.input<typeof longApplicationSchema>;
export type LongApplication = z.output<typeof longApplicationSchema>;

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

/** PATCH /api/admin/merchant-applications/:id/status (If-Match: the application's version). */
export const statusChangeSchema = z.object({
  status: applicationStatusSchema,
  reviewNotes: z.string({ error: 'Review notes must be text' }).max(5000, 'Review notes must be at most 5000 characters').optional(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const submitApplicationResponseSchema = z.object({
  id: z.string(),
  /** Short human reference quoted in the confirmation e-mail, e.g. APP-7K3Q9D. */
  reference: z.string(),
  status: z.literal('pending'),
  createdAt: z.string(),
});
export type SubmitApplicationResponse = z.infer<typeof submitApplicationResponseSchema>;

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

export const precheckApplicationRecordSchema = applicationBase.extend({
  formType: z.literal('precheck'),
  ...precheckApplicationSchema.shape,
  ownershipPercent: z.number(),
  targetMarketsEU: z.number(),
});
export const longApplicationRecordSchema = applicationBase.extend({
  ...longApplicationSchema.omit({ formType: true }).shape,
  formType: z.literal('long'),
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

/** GET /api/admin/events: the raw event log, newest first. */
export const eventLogEntrySchema = z.object({
  id: z.string(),
  position: z.string(),
  streamId: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  recordedAt: z.string(),
});
export type EventLogEntry = z.infer<typeof eventLogEntrySchema>;

/** GET /api/admin/merchants (array) and /:id. */
export const adminMerchantSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  email: z.string(),
  environment: z.enum(['production', 'staging']),
  isActive: z.boolean(),
  businessType: z.string(),
  website: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminMerchant = z.infer<typeof adminMerchantSchema>;

export const ONBOARDING_MESSAGES = {
  fileType: 'Only PDF, JPG and PNG files are accepted',
  fileTooLarge: 'File must be at most 10 MB',
  notFound: 'Application not found',
  documentNotFound: 'Document not found',
  underReviewOnlyFromPending: 'Only a pending application can be set under review',
  cannotReturnToPending: 'An application cannot be set back to pending',
  alreadySubmitted: 'Application already submitted',
  submissionFailed: 'Submission Failed',
  submissionFailedDescription: 'Failed to submit application. Please try again.',
  submitted: 'Application Submitted',
  submittedDescription: "We'll review it within 24-48 hours",
  submittedSuccessfully: 'Application Submitted Successfully',
  longFormFailedDescription: 'Please try again or contact support if the problem persists',
  statusUpdated: 'Status Updated',
  updateFailed: 'Update Failed',
  updateFailedDescription: 'Failed to update application status',
  emptyQueue: 'No merchant applications found',
} as const;
