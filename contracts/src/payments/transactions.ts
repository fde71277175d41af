import { z } from 'zod';
import { queryInteger } from '../http.js';
import { PAYMENT_METHOD_TYPES } from './payment-methods.js';
import { currencySchema, MAX_AMOUNT_MINOR, PAYMENT_STATUSES } from './payment.js';

/** The dashboard's Date Range presets (core flows §2, the transactions tab): the last N days. */
export const TRANSACTION_PERIODS = { '7d': 7, '30d': 30, '90d': 90 } as const;
export type TransactionPeriod = keyof typeof TRANSACTION_PERIODS;

export const TRANSACTION_MESSAGES = {
  limit: 'Limit must be a number between 1 and 100',
  cursor: 'Invalid cursor',
  status: `Status must be one of ${PAYMENT_STATUSES.join(', ')}`,
  paymentMethod: `Payment method must be one of ${PAYMENT_METHOD_TYPES.join(', ')}`,
  period: `Period must be one of ${Object.keys(TRANSACTION_PERIODS).join(', ')}`,
  date: 'Must be an ISO date (2026-01-31) or date-time with a time zone (2026-01-31T12:00:00Z)',
  dateOrder: 'from must not be after to',
  periodAndDates: 'Use either period or from/to, not both',
  amount: `Must be a whole number of minor units from 0 to ${MAX_AMOUNT_MINOR}`,
  amountOrder: 'minAmount must not be greater than maxAmount',
  q: 'Search must be one text of at most 200 characters',
} as const;

/** A date bound: a bare date means that whole day (UTC); a date-time is that instant. */
export interface DateBound {
  at: Date;
  dateOnly: boolean;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date (2026-01-31, never 2026-02-31) or a date-time with its time zone. */
export const isIsoDateOrDateTime = (value: string): boolean => z.iso.date().safeParse(value).success || z.iso.datetime({ offset: true }).safeParse(value).success;

const dateBound = z
  .string({ error: TRANSACTION_MESSAGES.date })
  .trim()
  .refine(isIsoDateOrDateTime, TRANSACTION_MESSAGES.date)
  .transform((value): DateBound => ({ at: new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value), dateOnly: DATE_ONLY.test(value) }));

/** Minor units of each payment's own currency, like the create call's `amount` (10000 = 100.00). */
const amountBound = z
  .string({ error: TRANSACTION_MESSAGES.amount })
  .trim()
  .refine((value) => /^\d{1,12}$/.test(value) && Number(value) <= MAX_AMOUNT_MINOR, TRANSACTION_MESSAGES.amount)
  .transform(Number);

/** The filters of the transactions tab, shared by the list and the CSV export. */
const filterShape = {
  // The spec's spelling of canceled (public areas §4) finds the same payments.
  status: z.preprocess((value) => (value === 'cancelled' ? 'canceled' : value), z.enum(PAYMENT_STATUSES, { error: TRANSACTION_MESSAGES.status })).optional(),
  paymentMethod: z.enum(PAYMENT_METHOD_TYPES, { error: TRANSACTION_MESSAGES.paymentMethod }).optional(),
  period: z.enum(['7d', '30d', '90d'] satisfies TransactionPeriod[], { error: TRANSACTION_MESSAGES.period }).optional(),
  from: dateBound.optional(),
  to: dateBound.optional(),
  minAmount: amountBound.optional(),
  maxAmount: amountBound.optional(),
  /** As a payment's own: a filter by a currency no payment can have is a mistake to say, not an empty list. */
  currency: currencySchema.optional(),
  /** The beginning of the customer's e-mail, name or surname (the name's last word), or of the payment id; accents and case ignored ("Jose" finds "José"). */
  q: z
    .string({ error: TRANSACTION_MESSAGES.q })
    .trim()
    .max(200, TRANSACTION_MESSAGES.q)
    .transform((value) => value || undefined)
    .optional(),
};

type FilterOutput = z.output<ReturnType<typeof z.object<typeof filterShape>>>;

/** Cross-field rules: one way to say the dates, bounds in order. */
function checkFilter(filter: FilterOutput, ctx: z.RefinementCtx): void {
  if (filter.period && (filter.from || filter.to)) ctx.addIssue({ code: 'custom', path: ['period'], message: TRANSACTION_MESSAGES.periodAndDates });
  if (filter.from && filter.to && filter.from.at > filter.to.at) ctx.addIssue({ code: 'custom', path: ['from'], message: TRANSACTION_MESSAGES.dateOrder });
  if (filter.minAmount !== undefined && filter.maxAmount !== undefined && filter.minAmount > filter.maxAmount) {
    ctx.addIssue({ code: 'custom', path: ['minAmount'], message: TRANSACTION_MESSAGES.amountOrder });
  }
}

/** GET /api/transactions/export: every transaction matching the filters. Unknown parameters are a 400, not ignored. */
export const transactionExportQuerySchema = z.strictObject(filterShape).superRefine(checkFilter);
export type TransactionFilter = z.output<typeof transactionExportQuerySchema>;

/** GET /api/transactions: the filters, newest first, one page at a time. */
export const transactionListQuerySchema = z
  .strictObject({
    ...filterShape,
    limit: queryInteger(1, 100, TRANSACTION_MESSAGES.limit).default(20),
    cursor: z.string({ error: TRANSACTION_MESSAGES.cursor }).max(200, TRANSACTION_MESSAGES.cursor).optional(),
  })
  .superRefine(checkFilter);
export type TransactionListQuery = z.output<typeof transactionListQuerySchema>;

/** A row of the transactions tab; amounts are decimal strings in the payment's currency. */
export const transactionSchema = z.object({
  id: z.string(),
  gatewayTransactionId: z.string().nullable(),
  amount: z.string(),
  refundedAmount: z.string(),
  currency: z.string(),
  paymentMethod: z.enum(PAYMENT_METHOD_TYPES),
  status: z.enum(PAYMENT_STATUSES),
  /** "Payment" when the payment has none (the spec's default). */
  description: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** nextCursor is null on the last page. */
export const transactionPageSchema = z.object({ data: z.array(transactionSchema), nextCursor: z.string().nullable() });
export type TransactionPage = z.infer<typeof transactionPageSchema>;

export const DEFAULT_TRANSACTION_DESCRIPTION = 'Payment';
