import { z } from 'zod';
import { changesSomething } from '../http.js';

/** The three kinds of payment the product knows (spec: the dashboard's Payment Method filter). */
export const PAYMENT_METHOD_TYPES = ['credit_card', 'bank_transfer', 'digital_wallet'] as const;
export const paymentMethodTypeSchema = z.enum(PAYMENT_METHOD_TYPES, {
  // Nothing chosen (the dialog's empty select, or no field at all) is a missing type, not a wrong one.
  error: (issue) => (issue.input === undefined || issue.input === '' ? 'Type is required' : 'Type must be one of credit_card, bank_transfer, digital_wallet'),
});
export type PaymentMethodType = z.infer<typeof paymentMethodTypeSchema>;

/**
 * The spec's fees (core flows §9, the payment methods tab): credit cards 2.9% + $0.30, bank transfers
 * $0.80, digital wallets 3.4% + $0.30. A custom method without its own fees starts with its type's.
 * Percent in basis points and the fixed fee in cents, so no float ever holds money.
 */
export const DEFAULT_FEES: Record<PaymentMethodType, { processingFeeBps: number; fixedFeeMinor: number }> = {
  credit_card: { processingFeeBps: 290, fixedFeeMinor: 30 },
  bank_transfer: { processingFeeBps: 0, fixedFeeMinor: 80 },
  digital_wallet: { processingFeeBps: 340, fixedFeeMinor: 30 },
};

export const PAYMENT_METHOD_MESSAGES = {
  notFound: 'Payment method not found',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  processingFee: 'Processing fee must be a percentage from 0 to 100 with at most two decimals',
  fixedFee: 'Fixed fee must be an amount from 0.00 to 1000.00 with at most two decimals',
  isActive: 'isActive must be true or false',
  nothingToChange: 'Send at least one of name, isActive, processingFee, fixedFee',
} as const;

const name = z.string({ error: PAYMENT_METHOD_MESSAGES.nameRequired }).trim().min(1, PAYMENT_METHOD_MESSAGES.nameRequired).max(100, PAYMENT_METHOD_MESSAGES.nameTooLong);

/** Percent (2.9) in, basis points (290) out. */
const processingFee = z
  .number({ error: PAYMENT_METHOD_MESSAGES.processingFee })
  .min(0, PAYMENT_METHOD_MESSAGES.processingFee)
  .max(100, PAYMENT_METHOD_MESSAGES.processingFee)
  // The number as written, not as rounded: a millionth's check let 0.0000001 (and 2.9000004) through, silently rounded.
  .refine((value) => /^\d+(\.\d{1,2})?$/.test(String(value)), PAYMENT_METHOD_MESSAGES.processingFee)
  .transform((value) => Math.round(value * 100));

/** An amount in major units, as a number (0.3) or a decimal string ("0.30"); cents out. */
const fixedFee = z
  .union([z.number(), z.string()], { error: PAYMENT_METHOD_MESSAGES.fixedFee })
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,4}(\.\d{1,2})?$/.test(value) && Number(value) <= 1000, PAYMENT_METHOD_MESSAGES.fixedFee)
  .transform((value) => Math.round(Number(value) * 100));

const isActive = z.boolean({ error: PAYMENT_METHOD_MESSAGES.isActive });

/** POST /api/payment-methods: fees default to the type's (DEFAULT_FEES); a new method is active unless told. */
export const addPaymentMethodSchema = z.strictObject({
  name,
  type: paymentMethodTypeSchema,
  isActive: isActive.optional(),
  processingFee: processingFee.optional(),
  fixedFee: fixedFee.optional(),
});
export type AddPaymentMethodRequest = z.input<typeof addPaymentMethodSchema>;

/** PATCH /api/payment-methods/{id}: any of the configurable fields (the type stays). */
export const configurePaymentMethodSchema = z
  .strictObject({ name: name.optional(), isActive: isActive.optional(), processingFee: processingFee.optional(), fixedFee: fixedFee.optional() })
  .refine(changesSomething, PAYMENT_METHOD_MESSAGES.nothingToChange);
export type ConfigurePaymentMethodRequest = z.input<typeof configurePaymentMethodSchema>;

/** The spec's custom payment method: processingFee in percent (2.9), fixedFee a decimal string ("0.30", USD). */
export const paymentMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: paymentMethodTypeSchema,
  isActive: z.boolean(),
  processingFee: z.number(),
  fixedFee: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
