import { amountMinorSchema, currencySchema, emailAddress, ENVIRONMENTS, isHttpUrl, MAX_ORDER_ID_LENGTH } from '@tallyline/contracts';
import { z, type ZodType } from 'zod';
import { ZodQuery, ZodValidationPipe } from '../platform/http/zod-validation.js';
import { bracketed, StripeApiError, UNKNOWN_PARAMETER } from './stripe-errors.js';
import { STRIPE_TYPES } from './stripe-event-types.js';

/** Form bodies carry every value as text: numbers and booleans are read from it too. */
const integer = (schema: z.ZodNumber) => z.preprocess((value) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value), schema);
const boolean = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: 'Must be true or false' }));
const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const id = z.string().max(200, 'Invalid id');

const httpUrl = text(2000).refine((value) => isHttpUrl(value), 'Must be an http(s) URL');

/** Stripe's limits: 50 keys of up to 40 characters, values up to 500. */
const metadata = z
  // `metadata=` (empty) is how a form body says "no metadata", as Stripe reads it.
  .preprocess((value) => (value === '' ? {} : value), z.record(z.string(), z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(500, 'Metadata values must be at most 500 characters'))))
  // A refine, not the record's key schema: zod reports a key that fails there only as "Invalid key in record".
  .refine((value) => Object.keys(value).every((key) => key.length <= 40), 'Metadata keys must be at most 40 characters')
  .refine((value) => Object.keys(value).length <= 50, 'At most 50 metadata keys');
/**
 * An intent's order_id becomes the payment's order ID, held to the client API's limit: a longer one would be a
 * payment /api/client/payments could not make.
 */
const intentMetadata = metadata.refine((value) => (value.order_id ?? '').length <= MAX_ORDER_ID_LENGTH, {
  path: ['order_id'],
  message: `metadata[order_id] must be at most ${MAX_ORDER_ID_LENGTH} characters: it is the payment's order ID`,
});

/**
 * Stripe's parameters, strict as Stripe is: an unknown one is refused (parameter_unknown), never ignored, or a
 * misspelt one silently changes what happens (no refund amount refunds everything, a misspelt metadata is lost,
 * a created[gte] filter lists every payment).
 */
const stripeParams = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? `${UNKNOWN_PARAMETER} ${issue.keys.join(', ')}` : undefined) });

/** Validates /v1 parameters; a required one left out is Stripe's parameter_missing, as Stripe words it. */
class StripeParamsPipe<T extends ZodType> extends ZodValidationPipe<T> {
  protected override refusal(error: z.ZodError, value: unknown): Error {
    // A parameter it does not know is named first: `charge` instead of `payment_intent` is not a missing payment_intent.
    const unknown = error.issues.find((issue) => issue.code === 'unrecognized_keys');
    if (unknown) return super.refusal(new z.ZodError([unknown]), value);
    const missing = error.issues.find((issue) => issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined);
    if (!missing) return super.refusal(error, value);
    const param = bracketed(missing.path.join('.'));
    return StripeApiError.invalid(`Missing required param: ${param}.`, 'parameter_missing', param);
  }
}

const valueAt = (value: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined), value);

export const stripePipe = <T extends ZodType>(schema: T) => new StripeParamsPipe(schema);

/** A /v1 query: checked in Stripe's words, its parameters listed in the OpenAPI document. */
export const StripeQuery = (schema: ZodType) => ZodQuery(schema, stripePipe(schema));

export const paymentIntentCreateSchema = stripeParams({
  amount: integer(amountMinorSchema),
  currency: currencySchema,
  payment_method: id.optional(),
  confirm: boolean.optional(),
  description: text(500).optional(),
  metadata: intentMetadata.optional(),
  receipt_email: emailAddress('Invalid email address').optional(),
  return_url: httpUrl.optional(),
  // Ignored, 'manual' charged at once a payer the integrator meant only to authorize: refused instead.
  capture_method: z.enum(['automatic', 'automatic_async'], { error: "capture_method must be automatic: manual capture is not supported, payments are captured when confirmed" }).optional(),
  // What Stripe's quickstarts send: cards are what every intent here takes, so these ask for nothing else.
  automatic_payment_methods: z.strictObject({ enabled: boolean, allow_redirects: z.enum(['always', 'never']).optional() }).optional(),
  payment_method_types: z.array(z.literal('card', { error: 'payment_method_types: only card is supported' })).max(1, 'payment_method_types: only card is supported').optional(),
});

export const confirmSchema = stripeParams({ payment_method: id.optional(), return_url: httpUrl.optional() });


export const cancelSchema = stripeParams({ cancellation_reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned']).optional() });

/** Without amount all that is left is refunded. `reason` and `metadata` are kept with the refund and answered back. */
export const refundCreateSchema = stripeParams({
  payment_intent: id,
  amount: integer(amountMinorSchema).optional(),
  metadata: metadata.optional(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer'], { error: 'reason must be duplicate, fraudulent or requested_by_customer' }).optional(),
});

// Not Stripe's: every API here takes ?environment=, which must then be the key's own (403 otherwise, before this).
const ENVIRONMENT = z.enum(ENVIRONMENTS).optional();

const listParams = stripeParams({
  environment: ENVIRONMENT,
  limit: integer(z.number().int().min(1, 'Limit must be between 1 and 100').max(100, 'Limit must be between 1 and 100')).default(10),
  starting_after: id.optional(),
  ending_before: id.optional(),
});

export const webhookEndpointCreateSchema = stripeParams({
  url: httpUrl,
  enabled_events: z
    .array(z.enum(['*', ...STRIPE_TYPES], { error: `Each enabled event must be '*' or one of ${STRIPE_TYPES.join(', ')}` }), { error: 'enabled_events is required' })
    .min(1, 'enabled_events is required')
    .max(STRIPE_TYPES.length + 1, 'Too many enabled events'),
  description: text(5000).optional(),
});

/** A page after one object and before another is no page Stripe answers either. */
const oneCursor = (query: { starting_after?: string | undefined; ending_before?: string | undefined }) => query.starting_after === undefined || query.ending_before === undefined;
const ONE_CURSOR = { message: 'You may only specify one of these parameters: ending_before, starting_after.', path: ['ending_before'] };

/** A retrieve takes only ?environment=: an `expand[]` or a typo is refused (parameter_unknown) rather than answered as if heard. */
export const retrieveSchema = stripeParams({ environment: ENVIRONMENT });

export const listSchema = listParams.refine(oneCursor, ONE_CURSOR);

export const eventListSchema = listParams.extend({ type: text(100).optional() }).refine(oneCursor, ONE_CURSOR);
