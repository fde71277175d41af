import { z } from 'zod';
import { emailAddress } from '../email.js';
import { isHttpUrl } from '../http.js';

// The form fields' validation rules, with the spec's messages; the forms are built from these.

const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A required text field: missing, blank and too long each get a message in the spec's style. */
export function requiredText(required: string, max = 200, label = required.replace(/ is required$/, '')) {
  return z.string({ error: required }).trim().min(1, required).max(max, `${label} must be at most ${max} characters`);
}

export function optionalText(label: string, max = 200) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value));
}

/** Text with a minimum length (long form): too short gets `message`, missing too. */
export function minText(min: number, message: string, label: string, max = 200) {
  return z.string({ error: message }).trim().min(min, message).max(max, `${label} must be at most ${max} characters`);
}

/** An option list: empty or missing → `required`, anything else outside the list → `invalid`. */
export function option<const T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? required : invalid),
  });
}

/**
 * A multi-select: at least one option from the list, each kept once. A set, not a list: 'visa' sent
 * 100,000 times was stored (and shown to staff) 100,000 times.
 */
export function multiSelect<const T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string) {
  return z
    .array(option(values, required, invalid), { error: required })
    .min(1, required)
    .transform((selected) => [...new Set(selected)]);
}

export function email(message: string) {
  return emailAddress(message);
}

export function url(message: string) {
  return z.string({ error: message }).trim().max(2000, message).refine((value) => isHttpUrl(value, { website: true }), message);
}
