import { currencyExponent, type AnalyticsDay, type PaymentMethodType, type PaymentStatus } from '@tallyline/contracts';

/** Spec §9: en-US formatting; a merchant without payments has no currency yet, so USD. */
export function formatMoney(amount: number | string, currency: string | null): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency ?? 'USD' }).format(Number(amount));
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A UTC day (2026-11-04) as a chart's axis names it: Nov 4. */
export function formatDay(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export const METHOD_LABELS: Record<PaymentMethodType, string> = {
  credit_card: 'Credit Card',
  bank_transfer: 'Bank Transfer',
  digital_wallet: 'Digital Wallet',
};

/** Spec §4: green completed, yellow pending, red failed, grey refunded or anything else. */
export function statusColor(status: PaymentStatus): 'success' | 'warning' | 'error' | 'default' {
  if (status === 'completed') return 'success';
  if (status === 'pending') return 'warning';
  if (status === 'failed') return 'error';
  return 'default';
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** An ISO country code's English name; a payment without a country counts as Unknown. */
export function countryName(code: string | null): string {
  if (!code) return 'Unknown';
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** 30 days counted as the stat cards count, money in minor units: the main currency, revenue net, the average of what completed payments took. */
interface Window30 {
  revenue: number;
  attempted: number;
  completed: number;
  completedAmount: number;
}

function sum(days: AnalyticsDay[], currency: string): Window30 {
  // The answer's amounts are major units: added as integers of minor units, 0.1 + 0.2 is 30, not 30.000000000000004.
  const scale = 10 ** currencyExponent(currency);
  const minor = (major: number) => Math.round(major * scale);
  const total: Window30 = { revenue: 0, attempted: 0, completed: 0, completedAmount: 0 };
  for (const day of days) {
    total.revenue += minor(day.revenue);
    total.attempted += day.inCurrency.attempted;
    total.completed += day.inCurrency.completed;
    total.completedAmount += minor(day.inCurrency.completedAmount);
  }
  return total;
}

export interface Growth {
  revenue: string;
  transactions: string;
  successRate: string;
  avgTransaction: string;
}

export const NO_PREVIOUS_DATA = '— no data for last month';

const fromLastMonth = (percent: number) => {
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(1)}% from last month`;
};

/** "+12.3% from last month"; without anything to compare with, the neutral label. */
function change(current: number, previous: number): string {
  return previous === 0 ? NO_PREVIOUS_DATA : fromLastMonth(((current - previous) / Math.abs(previous)) * 100);
}

/**
 * Month-over-month change of the four stat cards from a 60-day series (oldest first): the last 30
 * days against the 30 before them, each counted as its card counts (transactions are the payments that
 * reached the gateway). Success rate and average are ratios, so each window's own ratio; the success
 * rate's change is in percentage points (87.8% then 85.4% is -2.4%), as a reader of a rate expects.
 */
export function monthOverMonth(daily: AnalyticsDay[], currency: string | null): Growth {
  // Without a currency there were no payments: every amount is 0 in any of them.
  const current = sum(daily.slice(-30), currency ?? 'USD');
  const previous = sum(daily.slice(0, Math.max(0, daily.length - 30)), currency ?? 'USD');
  const rate = (w: Window30) => (w.attempted ? (w.completed / w.attempted) * 100 : 0);
  const average = (w: Window30) => (w.completed ? w.completedAmount / w.completed : 0);
  return {
    revenue: change(current.revenue, previous.revenue),
    transactions: change(current.attempted, previous.attempted),
    successRate: previous.attempted === 0 ? NO_PREVIOUS_DATA : fromLastMonth(rate(current) - rate(previous)),
    avgTransaction: change(average(current), average(previous)),
  };
}
