import { z } from 'zod';
import { queryInteger } from '../http.js';
import type { Environment } from '../merchants.js';
import type { PaymentMethodType } from './payment-methods.js';

export const ANALYTICS_MAX_DAYS = 366;
export const ANALYTICS_DAYS_MESSAGE = `days must be a whole number from 1 to ${ANALYTICS_MAX_DAYS}`;

/** GET /api/merchants/analytics?days=30: the last `days` UTC days, today included. */
export const analyticsQuerySchema = z.strictObject({
  days: queryInteger(1, ANALYTICS_MAX_DAYS, ANALYTICS_DAYS_MESSAGE).default(30),
});
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

/** One day's payments in the answer's currency only, counted as the overview's stat cards count them. */
export interface AnalyticsDayInCurrency {
  /** Reached the gateway: what the success rate divides by, and the cards' "Transactions". */
  attempted: number;
  completed: number;
  /** What the completed ones took before refunds and disputes: what the average is of. */
  completedAmount: number;
}

/**
 * The payments created on one UTC day (the date the transactions tab shows): their revenue (completed
 * minus refunded minus disputed) in the answer's currency, and how many there were and completed, in
 * every currency; `inCurrency` counts the answer's currency alone.
 */
export interface AnalyticsDay {
  date: string;
  revenue: number;
  transactions: number;
  completed: number;
  inCurrency: AnalyticsDayInCurrency;
}

export interface AnalyticsShare<K> {
  key: K;
  transactions: number;
  /** Percent of the period's transactions, one decimal. */
  share: number;
}

/**
 * The analytics tab's charts for the merchant's current environment. `currency` is the one with the
 * most payments in the period (null when there are none); revenue is in it. Method and country shares
 * count payments created in the period, every currency; a payment without a country is `null` (Unknown).
 */
export interface MerchantAnalytics {
  environment: Environment;
  days: number;
  from: string;
  to: string;
  currency: string | null;
  totalRevenue: number;
  totalTransactions: number;
  daily: AnalyticsDay[];
  paymentMethods: AnalyticsShare<PaymentMethodType>[];
  countries: AnalyticsShare<string | null>[];
}
