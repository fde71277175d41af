import { z } from 'zod';
import { numberFromText } from '../http.js';
import { email, isCalendarDate, minText, multiSelect, option, optionalText, requiredText, url } from './field-rules.js';
import { OPERATING_COUNTRIES, COMPANY_TYPES, LONG_BUSINESS_TYPES, NUMBER_OF_EMPLOYEES, ANNUAL_REVENUES, INDUSTRY_TYPES, MONTHLY_VOLUMES, AVERAGE_TRANSACTION_VALUES, PAYMENT_METHODS, PROCESSING_COUNTRIES, CHARGEBACK_RATES, REFUND_RATES, HOW_DID_YOU_HEAR } from './options.js';

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
  // Multipart sends every field as text: decimal digits only ("0x10" is not 16).
  ownershipPercent: numberFromText(
    z
      .number({ error: 'Ownership percentage must be a whole number from 1 to 100' })
      .int('Ownership percentage must be a whole number from 1 to 100')
      .min(1, 'Ownership percentage must be a whole number from 1 to 100')
      .max(100, 'Ownership percentage must be a whole number from 1 to 100'),
  ).default(100),
  shareholderStreet: requiredText('Shareholder street address is required'),
  shareholderStreetLine2: optionalText('Shareholder street address line 2'),
  shareholderCity: requiredText('Shareholder city is required', 100),
  shareholderStateProvince: requiredText('Shareholder state/province is required', 100),
  shareholderPostalCode: requiredText('Shareholder postal code is required', 20),
  shareholderEmail: email('Valid shareholder email is required'),
  technicalContactEmail: email('Valid technical contact email is required'),
  website: url('Valid website URL is required'),
  companyDescription: minText(10, 'Company description must be at least 10 characters', 'Company description', 5000),
  targetMarketsEU: numberFromText(
    z
      .number({ error: 'EU target market share must be a number from 0 to 100' })
      .min(0, 'EU target market share must be a number from 0 to 100')
      .max(100, 'EU target market share must be a number from 0 to 100'),
  ).default(0),
  /** A USDT address on the Tron network. */
  settlementDetails: requiredText('USDT settlement address is required'),
});
export type PrecheckApplicationInput = z.input<typeof precheckApplicationSchema>;
export type PrecheckApplication = z.output<typeof precheckApplicationSchema>;

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
  paymentMethods: multiSelect(PAYMENT_METHODS, 'Select at least one payment method', 'Select payment methods from the list'),
  processingCountries: multiSelect(PROCESSING_COUNTRIES, 'Select at least one processing country', 'Select processing countries from the list'),
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

/** The answer to either form: the reference the success page and the e-mail quote. */
export const submitApplicationResponseSchema = z.object({
  id: z.string(),
  /** Short human reference quoted in the confirmation e-mail, e.g. APP-7K3Q9D. */
  reference: z.string(),
  status: z.literal('pending'),
  createdAt: z.string(),
});
export type SubmitApplicationResponse = z.infer<typeof submitApplicationResponseSchema>;
