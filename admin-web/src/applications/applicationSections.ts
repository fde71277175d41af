import type { LongApplicationRecord, PrecheckApplicationRecord } from '@tallyline/contracts';

export interface FieldSection<Field extends string> {
  /** i18n key under resources.applications.sections */
  key: string;
  fields: readonly Field[];
}

/** Fields whose text can run long: shown across the full width, line breaks kept. */
export const LONG_TEXT_FIELDS: ReadonlySet<string> = new Set([
  'companyDescription',
  'businessDescription',
  'terminationDetails',
  'additionalInfo',
]);

/** Grouped as on the pre-check form (spec §2); documents are listed after these. */
export const PRECHECK_SECTIONS: readonly FieldSection<keyof PrecheckApplicationRecord>[] = [
  { key: 'basic', fields: ['operatingCountry', 'companyName', 'companyType'] },
  {
    key: 'registered_address',
    fields: ['street', 'streetLine2', 'city', 'stateProvince', 'postalCode', 'addressCountry'],
  },
  {
    key: 'company_details',
    fields: ['registrationNumber', 'incorporationDate', 'vatTaxNumber', 'primaryEmail', 'phoneNumber'],
  },
  {
    key: 'shareholder',
    fields: [
      'shareholderFirstName',
      'shareholderLastName',
      'ownershipPercent',
      'shareholderEmail',
      'shareholderStreet',
      'shareholderStreetLine2',
      'shareholderCity',
      'shareholderStateProvince',
      'shareholderPostalCode',
    ],
  },
  {
    key: 'business',
    fields: ['website', 'technicalContactEmail', 'targetMarketsEU', 'settlementDetails', 'companyDescription'],
  },
];

/** Grouped as on the long form (spec §2). */
export const LONG_SECTIONS: readonly FieldSection<keyof LongApplicationRecord>[] = [
  {
    key: 'business',
    fields: ['companyName', 'legalName', 'incorporationCountry', 'registrationNumber', 'vatNumber', 'website', 'businessDescription'],
  },
  { key: 'contact', fields: ['firstName', 'lastName', 'email', 'phone', 'jobTitle'] },
  { key: 'business_address', fields: ['addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'country'] },
  {
    key: 'business_details',
    fields: ['businessType', 'yearEstablished', 'numberOfEmployees', 'annualRevenue', 'industryType'],
  },
  {
    key: 'processing',
    fields: ['monthlyVolume', 'averageTransactionValue', 'paymentMethods', 'processingCountries'],
  },
  { key: 'risk', fields: ['chargebackRate', 'refundRate', 'hasBeenTerminated', 'terminationDetails'] },
  { key: 'compliance', fields: ['pciCompliant', 'dataProtectionCompliant', 'antiMoneyLaunderingCompliant'] },
  { key: 'additional', fields: ['howDidYouHear', 'additionalInfo'] },
  { key: 'terms', fields: ['agreeToTerms', 'agreeToPrivacy'] },
];
