import type { AnalyticsDay, PaymentMethodType, PaymentStatus } from '@tallyline/contracts';

/** Spec §9: en-US formatting; a merchant without payments has no currency yet, so USD. */
export function formatMoney(amount: number | string, currency: string | null): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency ?? 'USD' }).format(Number(amount));
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
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

interface Window30 {
  revenue: number;
  transactions: number;
  completed: number;
}

function sum(days: AnalyticsDay[]): Window30 {
  return days.reduce((total, day) => ({ revenue: total.revenue + day.revenue, transactions: total.transactions + day.transactions, completed: total.completed + day.completed }), {
    revenue: 0,
    transactions: 0,
    completed: 0,
  });
}

export interface Growth {
  revenue: string;
  transactions: string;
  successRate: string;
  avgTransaction: string;
}

export const NO_PREVIOUS_DATA = '— no data for last month';

/** "+12.3% from last month"; without anything to compare with, the neutral label. */
function change(current: number, previous: number): string {
  if (previous === 0) return NO_PREVIOUS_DATA;
  const percent = ((current - previous) / Math.abs(previous)) * 100;
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(1)}% from last month`;
}

/**
 * Month-over-month change of the four stat cards from a 60-day series (oldest first): the last 30
 * days against the 30 before them. Success rate and average are ratios, so each window's own ratio.
 */
export function monthOverMonth(daily: AnalyticsDay[]): Growth {
  const current = sum(daily.slice(-30));
  const previous = sum(daily.slice(0, Math.max(0, daily.length - 30)));
  const rate = (w: Window30) => (w.transactions ? (w.completed / w.transactions) * 100 : 0);
  const average = (w: Window30) => (w.completed ? w.revenue / w.completed : 0);
  return {
    revenue: change(current.revenue, previous.revenue),
    transactions: change(current.transactions, previous.transactions),
    successRate: change(rate(current), rate(previous)),
    avgTransaction: change(average(current), average(previous)),
  };
}
