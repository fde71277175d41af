import type { Option } from './fields';

const SPECIAL_LABELS: Record<string, string> = {
  amex: 'American Express',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  paypal: 'PayPal',
  sepa: 'SEPA',
  ecommerce: 'E-commerce',
  GB: 'United Kingdom',
  US: 'United States',
  EU: 'European Union',
  CA: 'Canada',
  AU: 'Australia',
  SG: 'Singapore',
  HK: 'Hong Kong',
  JP: 'Japan',
  OTHER: 'Other',
};

/** `limited_company` → `Limited company`; a few names keep their brand spelling. */
function labelOf(value: string): string {
  if (SPECIAL_LABELS[value]) return SPECIAL_LABELS[value];
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Options whose label is the value itself (the pre-check form's country and company-type lists). */
export const asIs = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: value }));

/** Options for the long form's coded enumerations. */
export const labelled = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: labelOf(value) }));

/** Money bands in pounds: `0-10k` → `£0-10k`, `500k+` → `£500k+`. */
export const pounds = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: `£${value}` }));
