import { z } from 'zod';
import { queryInteger } from '../http.js';
import { environmentSchema } from '../merchants.js';
import { PAYMENT_METHOD_TYPES } from './payment-methods.js';

export const ANALYTICS_MAX_DAYS = 366;
export const ANALYTICS_DAYS_MESSAGE = `days must be a whole number from 1 to ${ANALYTICS_MAX_DAYS}`;

/** GET /api/merchants/analytics?days=30: the last `days` UTC days, today included. */
export const analyticsQuerySchema = z.strictObject({
  days: queryInteger(1, ANALYTICS_MAX_DAYS, ANALYTICS_DAYS_MESSAGE).default(30),
});
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

/** One day's payments in the answer's currency only, counted as the overview's stat cards count them. */
const analyticsDayInCurrencySchema = z.object({
  /** Reached the gateway: what the success rate divides by, and the cards' "Transactions". */
  attempted: z.number().int(),
  completed: z.number().int(),
  /** What the completed ones took before refunds and disputes: what the average is of. */
  completedAmount: z.number(),
});
export type AnalyticsDayInCurrency = z.infer<typeof analyticsDayInCurrencySchema>;

/**
 * The payments created on one UTC day (the date the transactions tab shows): their revenue (completed
 * minus refunded minus disputed) in the answer's currency, and how many there were and completed, in
 * every currency; `inCurrency` counts the answer's currency alone.
 */
const analyticsDaySchema = z.object({
  date: z.iso.date(),
  revenue: z.number(),
  transactions: z.number().int(),
  completed: z.number().int(),
  inCurrency: analyticsDayInCurrencySchema,
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

/** How many of the period's payments had one key (a payment method, a country). */
const analyticsShareSchema = <K extends z.ZodType>(key: K) =>
  z.object({
    key,
    transactions: z.number().int(),
    /** Percent of the period's transactions, one decimal. */
    share: z.number(),
  });
export type AnalyticsShare<K> = Omit<z.infer<ReturnType<typeof analyticsShareSchema>>, 'key'> & { key: K };

/**
 * The analytics tab's charts for the merchant's current environment. `currency` is the one with the
 * most payments in the period (null when there are none); revenue is in it. Method and country shares
 * count payments created in the period, every currency; a payment without a country is `null` (Unknown).
 */
export const merchantAnalyticsSchema = z.object({
  environment: environmentSchema,
  days: z.number().int(),
  from: z.iso.date(),
  to: z.iso.date(),
  currency: z.string().nullable(),
  totalRevenue: z.number(),
  totalTransactions: z.number().int(),
  daily: z.array(analyticsDaySchema),
  paymentMethods: z.array(analyticsShareSchema(z.enum(PAYMENT_METHOD_TYPES))),
  countries: z.array(analyticsShareSchema(z.string().nullable())),
});
export type MerchantAnalytics = z.infer<typeof merchantAnalyticsSchema>;
