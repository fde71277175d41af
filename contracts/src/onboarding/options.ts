// The option lists of the application forms (the values the forms send).

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
