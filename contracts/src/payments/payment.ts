import { z } from 'zod';
import { emailAddress } from '../email.js';
import { isHttpUrl, queryInteger } from '../http.js';
import { environmentSchema } from '../merchants.js';
import { PAYMENT_METHOD_TYPES } from './payment-methods.js';

/** A payment's method: one of the payment method types. */
const paymentMethodField = z.enum(PAYMENT_METHOD_TYPES, { error: 'Payment method must be credit_card, bank_transfer or digital_wallet' });

export const PAYMENT_STATUSES = ['pending', 'requires_action', 'completed', 'failed', 'refunded', 'canceled', 'disputed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Each status in words, as both apps show it. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  requires_action: 'Requires action',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
  canceled: 'Canceled',
  disputed: 'Disputed',
};

/** The largest amount we accept, in minor units: far below 2^53, so sums stay exact in JS numbers. */
export const MAX_AMOUNT_MINOR = 99_999_999_999;

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** en-US currency style, as the dashboard shows money (spec §9). Building a NumberFormat costs far more than the formatting it is for: once per currency. */
function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format;
}

const exponents = new Map<string, number>();

/** Digits after the decimal point of an ISO 4217 currency (2 for GBP, 0 for JPY, 3 for KWD). */
export function currencyExponent(currency: string): number {
  let exponent = exponents.get(currency);
  if (exponent === undefined) {
    exponent = moneyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, exponent);
  }
  return exponent;
}

/** Minor units as the decimal string answers carry ("100.00" for 10000 GBP). */
export function formatMinor(amountMinor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const digits = Math.abs(amountMinor).toString().padStart(exponent + 1, '0');
  return exponent === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/**
 * Minor units as a person reads money: 8362 GBP → "£83.62", 1050 JPY → "¥1,050". Intl is given formatMinor's
 * decimal string, which it formats as written: no division by 10^exponent, so no float on the way.
 */
export function formatMinorAsMoney(amountMinor: number, currency: string): string {
  return moneyFormat(currency).format(formatMinor(amountMinor, currency) as Intl.StringNumericLiteral);
}

/**
 * The inverse of formatMinor, for amounts people type: "12.5" or "1,012.50" GBP → 101250. Null when
 * it is not an amount in that currency (a sign, letters, more decimals than the currency has, too large).
 */
export function parseMajor(text: string, currency: string): number | null {
  const trimmed = text.trim();
  // Commas only as thousands separators (1,500.00): "1,50" is someone's 1.50, not 150.
  if (trimmed.includes(',') && !/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(trimmed)) return null;
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(trimmed.replaceAll(',', ''));
  const exponent = currencyExponent(currency);
  if (!match || (match[2] ?? '').length > exponent) return null;
  const minor = Number(`${match[1]}${(match[2] ?? '').padEnd(exponent, '0')}`);
  return minor <= MAX_AMOUNT_MINOR ? minor : null;
}

export const amountMinorSchema = z
  .number({ error: 'Amount must be an integer number of minor units' })
  .int('Amount must be an integer number of minor units')
  .positive('Amount must be greater than 0')
  .max(MAX_AMOUNT_MINOR, 'Amount is too large');

export const currencySchema = z
  .string({ error: 'Currency must be a 3-letter ISO code' })
  .trim()
  .toUpperCase()
  .refine((code) => /^[A-Z]{3}$/.test(code), { error: 'Currency must be a 3-letter ISO code', abort: true })
  .refine((code) => KNOWN_CURRENCIES.has(code), { error: (issue) => `Currency ${String(issue.input)} is not an ISO 4217 currency` });

const text = (field: string, max: number) =>
  z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`).max(max, `${field} is too long`);
const optionalText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => value?.trim() || null)
    .refine((value) => value === null || value.length <= max, message);

/** A payment's order ID, however it arrives (orderId here, metadata[order_id] at /v1). */
export const MAX_ORDER_ID_LENGTH = 200;

/**
 * POST /api/client/payments (and the aliases /api/payments, /api/payments/create). Strict, as Stripe's
 * parameters are: a misspelt `returnURL` is a 400, not a payment whose customer is never sent back.
 */
export const paymentCreateSchema = z.strictObject({
  amount: amountMinorSchema,
  currency: currencySchema,
  customerEmail: emailAddress('Invalid email address'),
  customerName: text('Customer name', 200),
  orderId: text('Order ID', MAX_ORDER_ID_LENGTH),
  paymentMethod: paymentMethodField,
  /** With an API key the key's own environment; with a session the merchant's current one when absent. */
  environment: environmentSchema.optional(),
  description: optionalText(500, 'Description is too long'),
  returnUrl: optionalText(2000, 'Return URL must be an http(s) URL').refine((value) => value === null || isHttpUrl(value), 'Return URL must be an http(s) URL'),
  customerCountry: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => value?.trim().toUpperCase() || null)
    .refine((value) => value === null || /^[A-Z]{2}$/.test(value), 'Customer country must be a 2-letter ISO code'),
});
export type PaymentCreateRequest = z.input<typeof paymentCreateSchema>;

/** A payment as integrators see it: amount as a decimal string in major units. */
export const paymentSchema = z.object({
  id: z.string(),
  merchantId: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paymentUrl: z.string(),
  customerEmail: z.string(),
  customerName: z.string(),
  orderId: z.string(),
  paymentMethod: paymentMethodField,
  environment: environmentSchema,
  description: z.string().nullable(),
  returnUrl: z.string().nullable(),
  gatewayTransactionId: z.string().nullable(),
  refundedAmount: z.string(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * The create call's answer: the payment, plus what the developers page's Quick Start samples read
 * (spec: "the example reads success and redirectUrl from the answer"): where to send the customer,
 * the hosted payment page.
 */
export const paymentCreatedSchema = paymentSchema.extend({ success: z.literal(true), redirectUrl: z.string() });
export type PaymentCreatedAnswer = z.infer<typeof paymentCreatedSchema>;

/**
 * GET /api/client/payments: newest first; nextCursor is null on the last page. Strict: a filter this
 * list does not have (`status=failed`) is a 400, not a silently unfiltered answer.
 */
export const paymentListQuerySchema = z.strictObject({
  limit: queryInteger(1, 100, 'Limit must be a number between 1 and 100').default(20),
  cursor: z.string().max(200, 'Invalid cursor').optional(),
  environment: environmentSchema.optional(),
});
export const paymentPageSchema = z.object({ data: z.array(paymentSchema), nextCursor: z.string().nullable() });
export type PaymentPage = z.infer<typeof paymentPageSchema>;

/** GET /api/checkout/{id}: only what the hosted payment page shows to anyone holding the link. */
export const checkoutPaymentSchema = z.object({
  id: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  description: z.string().nullable(),
  orderId: z.string(),
  merchantName: z.string(),
  returnUrl: z.string().nullable(),
  /** Why the gateway refused the payment (its result message), so a reload still says why. */
  failureReason: z.string().nullable(),
  /** While the payment waits for 3-D Secure: the gateway's check page, so a reload can go back to it. */
  redirectUrl: z.string().nullable(),
});
export type CheckoutPayment = z.infer<typeof checkoutPaymentSchema>;

export const checkoutPaySchema = z.strictObject({ token: z.string({ error: 'Card token is required' }).trim().min(1, 'Card token is required').max(200, 'Invalid card token') });

/** POST /api/checkout/{id}/pay: the gateway's result code and message. */
export const checkoutPayResultSchema = z.object({
  status: z.enum(PAYMENT_STATUSES),
  resultCode: z.number().int(),
  message: z.string(),
  /** Only when 3-D Secure is required (status requires_action): the gateway's check page, where to send the payer. */
  redirectUrl: z.string().optional(),
});
export type CheckoutPayResult = z.infer<typeof checkoutPayResultSchema>;

/**
 * POST /api/transactions/{id}/refund: omit amount for a full refund (of what is left). Strict: no
 * amount means everything, so a misspelt one (`amout`) must be refused, not read as a full refund.
 */
export const refundRequestSchema = z.strictObject({ amount: amountMinorSchema.optional() });

/** The refund's answer: the payment's status and refunded total after it, the refund's own amount and result. */
export const refundResultSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  refundId: z.string(),
  refundStatus: z.enum(['completed', 'failed']),
  amount: z.string(),
  refundedAmount: z.string(),
  message: z.string(),
});
export type RefundResult = z.infer<typeof refundResultSchema>;

const ipnInteger = z.union([z.number().int(), z.string().regex(/^-?\d+$/).transform(Number)]);
const ipnText = (max: number) => z.string().min(1).max(max);

/**
 * The gateway's IPN (POST /api/webhooks/{gateway}), with the documented field names. Nothing in it is
 * believed: it only says which transaction to look up through the gateway's transaction check.
 */
export const gatewayIpnSchema = z.object({
  TransactionId: ipnText(200),
  Result_Code: ipnInteger,
  Result_Message: z.string().max(500).optional(),
  Transaction_Amount: ipnInteger,
  Transaction_Currency: ipnText(3),
  Card_LastFourDigits: z.string().max(4).nullable().optional(),
  Card_ApplicationProfile: z.string().max(100).nullable().optional(),
  References_Merchant: ipnText(200),
  Result_TimeStamp: z.string().max(100).optional(),
});
export type GatewayIpn = z.output<typeof gatewayIpnSchema>;

/** GET /api/merchants/ipn: the URL the gateway posts its notifications (IPN) to, shown on the settings tab. */
export const ipnSettingsSchema = z.object({
  /** The gateway partner's name, the URL's last segment. */
  gateway: z.string(),
  /** Absolute: the server's public URL + /api/webhooks/{gateway}. */
  url: z.string(),
});
export type IpnSettings = z.infer<typeof ipnSettingsSchema>;

/** The spec's gateway result messages (public-and-developer-areas §8). */
export const GATEWAY_MESSAGES = {
  approved: 'Approved',
  declined: 'Payment declined',
  invalidCard: 'Invalid card details',
  insufficientFunds: 'Insufficient funds',
  threeDSecure: '3D Secure authentication required',
  unknown: 'Unknown error',
  systemError: 'System error occurred',
} as const;

export const PAYMENT_MESSAGES = {
  notFound: 'Payment not found',
  alreadyPaid: 'Payment already processed',
  attemptInProgress: 'A payment attempt is already in progress',
  idempotencyMismatch: 'Idempotency-Key was already used with a different request body',
  idempotencyInProgress: 'A request with this Idempotency-Key is still in progress. Try again in a moment.',
  gatewayNotConfigured: 'Payment gateway not configured',
  gatewayUnavailable: 'Payment gateway unavailable. Try again later.',
  paymentApproved: 'Payment approved',
  unknownGateway: 'Unknown payment gateway',
  refundOnlyCompleted: 'Only completed payments can be refunded',
  refundDisputed: 'This payment is disputed and cannot be refunded',
  refundAlreadyMade: 'This refund was already made',
  disputeOnlyPaid: 'Only a paid payment can be disputed',
  alreadyDisputed: 'This payment is already disputed',
  refundInProgress: 'A refund of this payment is already in progress',
  refundExceeds: 'Refund amount exceeds the refundable amount',
  refundProcessed: 'The refund has been successfully processed.',
  refundFailed: 'Failed to process refund. Please try again.',
  invalidToken: 'Invalid card token',
  canceled: 'Payment was canceled',
  cancelOnlyUnpaid: 'Only a payment that is not paid and not being paid can be canceled',
  ipnProcessed: 'IPN processed',
  invalidIpn: 'Invalid IPN',
} as const;

/** POST /api/webhooks/{gateway}: the IPN was verified and recorded (a retry of one already recorded changes nothing and says the same). */
export const ipnProcessedSchema = z.object({ message: z.literal(PAYMENT_MESSAGES.ipnProcessed) });
export type IpnProcessed = z.infer<typeof ipnProcessedSchema>;
