import { PAYMENT_METHOD_TYPES } from '@tallyline/contracts';

/** The transactions tab's filters as the URL keeps them, and how they become the API's query. */
export const DATE_RANGES = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'custom', label: 'Custom range' },
] as const;

/** The spec's four first, then the statuses it does not draw, which payments reach all the same. */
export const STATUS_OPTIONS = ['completed', 'pending', 'failed', 'refunded', 'requires_action', 'canceled', 'disputed'] as const;
export const METHOD_OPTIONS = PAYMENT_METHOD_TYPES;

/** Amount ranges in major units; bounds in minor units, so 100.00 falls in 0-100 only. */
export const AMOUNT_RANGES = {
  '0-100': { label: '0 - 100', minAmount: 0, maxAmount: 10_000 },
  '100-1000': { label: '100 - 1,000', minAmount: 10_001, maxAmount: 100_000 },
  '1000+': { label: '1,000+', minAmount: 100_001, maxAmount: undefined },
} as const;
export type AmountRange = keyof typeof AMOUNT_RANGES;

/** URL keys of the filters; `after` repeats, one cursor per page already passed. */
export const FILTER_KEYS = ['range', 'from', 'to', 'status', 'method', 'amount', 'q'] as const;

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T => value !== null && (values as readonly string[]).includes(value);

/** The start of a yyyy-mm-dd day in the browser's time zone; null for anything else. */
function localDay(value: string | null): Date | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return day.getDate() === Number(match[3]) ? day : null; // 2026-02-31 is no day
}

/** The API query for the URL's filters (without limit and cursor); unknown values are ignored. */
export function apiFilters(url: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  const range = url.get('range');
  if (range === 'custom') {
    // The visitor's own days, as the list shows its dates: a bare date would be a UTC day to the API.
    const from = localDay(url.get('from'));
    const to = localDay(url.get('to'));
    if (from) query.set('from', from.toISOString());
    if (to) query.set('to', new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1, 0, 0, 0, -1).toISOString());
  } else if (isOneOf(['7d', '30d', '90d'], range)) query.set('period', range);
  const status = url.get('status');
  if (isOneOf(STATUS_OPTIONS, status)) query.set('status', status);
  const method = url.get('method');
  if (isOneOf(METHOD_OPTIONS, method)) query.set('paymentMethod', method);
  const amount = url.get('amount');
  if (amount !== null && amount in AMOUNT_RANGES) {
    const bounds = AMOUNT_RANGES[amount as AmountRange];
    query.set('minAmount', String(bounds.minAmount));
    if (bounds.maxAmount !== undefined) query.set('maxAmount', String(bounds.maxAmount));
  }
  const q = url.get('q')?.trim();
  if (q) query.set('q', q);
  return query;
}

/** The custom range ends before it starts: nothing to ask the API for, the date fields say why. */
export const REVERSED_RANGE_MESSAGE = 'To must not be before From';
export function reversedRange(url: URLSearchParams): boolean {
  const from = url.get('from');
  const to = url.get('to');
  // ISO dates (yyyy-mm-dd) sort as text.
  return url.get('range') === 'custom' && Boolean(from && to && from > to);
}

/** The URL with one filter changed; any change starts again from the first page. */
export function withFilter(url: URLSearchParams, key: (typeof FILTER_KEYS)[number], value: string): URLSearchParams {
  const next = new URLSearchParams(url);
  if (value) next.set(key, value);
  else next.delete(key);
  if (key === 'range' && value !== 'custom') {
    next.delete('from');
    next.delete('to');
  }
  next.delete('after');
  return next;
}
