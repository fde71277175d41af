import { z } from 'zod';
import { emailAddress } from './email.js';
import { isHttpUrl } from './http.js';
import { BUSINESS_TYPES } from './merchant-options.js';
import { option } from './onboarding/field-rules.js';

export { BUSINESS_TYPES } from './merchant-options.js';

/** None chosen is "required"; a value outside the list was chosen, so saying it is missing would be wrong. */
export const businessTypeSchema = option(BUSINESS_TYPES, 'Business type is required', 'Select a business type from the list');
export const ENVIRONMENTS = ['production', 'staging'] as const;
export const ENVIRONMENT_MESSAGE = 'Environment must be production or staging';
export const environmentSchema = z.enum(ENVIRONMENTS, { error: ENVIRONMENT_MESSAGE });
export type Environment = z.infer<typeof environmentSchema>;

const email = emailAddress('Invalid email address');
const companyName = z.string({ error: 'Company name is required' }).trim().min(1, 'Company name is required').max(200, 'Company name must be at most 200 characters');
const MAX_WEBSITE_LENGTH = 2000;

/** Optional website: empty means none; anything else must be an http(s) URL. */
const website = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value ?? '').trim())
  .refine((value) => value.length <= MAX_WEBSITE_LENGTH, { message: `Website must be at most ${MAX_WEBSITE_LENGTH} characters`, abort: true })
  .refine((value) => value === '' || isHttpUrl(value, { website: true }), 'Invalid website URL')
  .transform((value) => (value === '' ? null : value));

/** POST /api/merchants/register */
export const merchantRegisterRequestSchema = z.object({
  companyName,
  email,
  website,
  businessType: businessTypeSchema,
});
export type MerchantRegisterRequest = z.input<typeof merchantRegisterRequestSchema>;

/** The merchant registration form (account + merchant). */
export const merchantRegisterFormSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required'),
  lastName: z.string().trim().min(1, 'Last name is required'),
  email,
  companyName,
  website,
  businessType: businessTypeSchema,
  password: z.string().min(8, 'Password must be at least 8 characters'),
  terms: z.literal(true, { error: 'You must accept the terms' }),
});
export type MerchantRegisterForm = z.input<typeof merchantRegisterFormSchema>;

/**
 * PATCH /api/merchants/environment: no body (or no environment) toggles. Strict: a misspelt field
 * (`environmnt`) would otherwise be no environment, and toggle away from the one it named.
 */
export const environmentChangeSchema = z.strictObject({ environment: environmentSchema.optional() });

/** POST /api/merchants/api-keys/:environment/rotate: the path's parameters. */
export const rotateApiKeyParamsSchema = z.object({ environment: environmentSchema });

export const merchantSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  email: z.string(),
  website: z.string().nullable(),
  businessType: z.string(),
  environment: environmentSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Merchant = z.infer<typeof merchantSchema>;
/** GET /api/client/merchant: the merchant, and the environment the calling credential acts in (a key's own; a session's the current one). */
export const clientMerchantSchema = merchantSchema.extend({ credentialEnvironment: environmentSchema });
export type ClientMerchant = z.infer<typeof clientMerchantSchema>;
/** GET /api/admin/merchants (array) and /:id: staff see the record its owner sees. */
export type AdminMerchant = Merchant;

/**
 * One currency's figures, in its major units: revenue is completed minus refunded minus disputed, transactions are
 * payments that reached the gateway, successRate is completed ÷ attempted in percent (0 when none),
 * the average is over completed payments.
 */
export const currencyStatsSchema = z.object({
  currency: z.string(),
  totalRevenue: z.number(),
  totalTransactions: z.number(),
  successRate: z.number(),
  avgTransactionAmount: z.number(),
});
export type CurrencyStats = z.infer<typeof currencyStatsSchema>;

/**
 * GET /api/merchants/stats and /api/client/stats: the merchant's current environment. The top-level
 * figures are those of `currency`, the currency with the most transactions (null, and zeros, when there
 * are none); `byCurrency` has every currency, most transactions first.
 */
export const merchantStatsSchema = currencyStatsSchema.omit({ currency: true }).extend({
  currency: z.string().nullable(),
  environment: environmentSchema,
  byCurrency: z.array(currencyStatsSchema),
});
export type MerchantStats = z.infer<typeof merchantStatsSchema>;

/** Secret API keys: sk_test_ for staging, sk_live_ for production. */
export const API_KEY_PREFIX: Record<Environment, string> = { staging: 'sk_test_', production: 'sk_live_' };
export const apiKeySchema = z.object({
  environment: environmentSchema,
  /** Masked (prefix + last 4) except in the answer that created it. */
  key: z.string(),
  last4: z.string(),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const MERCHANT_MESSAGES = {
  notFound: 'Merchant account not found',
  alreadyRegistered: 'A merchant account already exists for this user',
} as const;
