import { z } from 'zod';
import { changesSomething, queryInteger } from './http.js';
import { environmentSchema } from './merchants.js';

/** Every event type a webhook endpoint can subscribe to (Standard Webhooks `type` of the payload). */
export const WEBHOOK_EVENT_TYPES = [
  'payment.created',
  'payment.completed',
  'payment.failed',
  'payment.disputed',
  'refund.completed',
  'refund.failed',
  'environment.switched',
  'crypto_payment.created',
  'crypto_payment.processing',
  'crypto_payment.completed',
  'crypto_payment.failed',
  'crypto_payment.expired',
  'application.status_changed',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: `Event type must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` });
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  deleted: 'This webhook endpoint was deleted',
  invalidUrl: 'Webhook URL must be a valid http(s) URL',
  httpsRequired: 'Webhook URL must use https',
  privateAddress: 'Webhook URL must not point to a private, loopback or link-local address',
  unresolvable: 'Webhook URL host could not be resolved',
  invalidSince: 'since must be an ISO 8601 date-time',
  invalidCursor: 'cursor is not valid',
} as const;

const url = z.string({ error: WEBHOOK_MESSAGES.invalidUrl }).trim().max(2048, 'Webhook URL must be at most 2048 characters');
/** Absent or empty: every event type. */
const eventTypes = z
  .array(webhookEventTypeSchema, { error: 'eventTypes must be a list of event types' })
  .max(WEBHOOK_EVENT_TYPES.length * 2, `eventTypes must list at most ${WEBHOOK_EVENT_TYPES.length * 2} event types`);

/** POST /api/webhook-endpoints */
export const webhookEndpointCreateSchema = z.strictObject({
  url,
  description: z.string({ error: 'Description must be text' }).trim().max(500, 'Description must be at most 500 characters').optional(),
  eventTypes: eventTypes.optional(),
});

/** PATCH /api/webhook-endpoints/{id}: only what is given changes. */
export const webhookEndpointUpdateSchema = z
  .strictObject({
    url: url.optional(),
    eventTypes: eventTypes.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  })
  .refine(changesSomething, 'Send at least one of url, eventTypes, enabled');

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  /** Empty: every event type. */
  eventTypes: z.array(webhookEventTypeSchema),
  environment: environmentSchema,
  enabled: z.boolean(),
  /** Why it is disabled, when the platform disabled it (an endpoint failing for 5 days). */
  disabledReason: z.string().nullable(),
  /** Masked except on creation and rotation. */
  secret: z.string(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The Standard Webhooks `webhook-id`: the same for every attempt and replay of one event to one endpoint. */
  webhookId: z.string(),
  eventType: webhookEventTypeSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  lastResponseCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/**
 * GET /api/webhook-endpoints/{id}/deliveries: newest first; `cursor` is the previous page's nextCursor.
 * Strict, as the other lists: a misspelt `limt` was ignored and the client got 20 rows without being told.
 */
export const webhookDeliveryListQuerySchema = z.strictObject({
  cursor: z.string({ error: 'cursor is not valid' }).max(200, 'cursor is not valid').optional(),
  limit: queryInteger(1, 100, 'limit must be a whole number from 1 to 100').default(20),
  // Every route an API key may call takes ?environment=, which the guard has already held to the key's own.
  environment: environmentSchema.optional(),
});
export const webhookDeliveryPageSchema = z.object({ data: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() });
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
/** POST /api/webhook-endpoints/{id}/deliveries/{deliveryId}/retry: queued again. */
export const webhookDeliveryRetrySchema = z.object({ id: z.string(), status: z.literal('pending') });

/** POST /api/webhook-endpoints/{id}/replay?since=<ISO time> */
/** A session may name either environment's endpoints, as with payments; a key lists its own. */
export const webhookEndpointListQuerySchema = z.strictObject({ environment: environmentSchema.optional() });
export const webhookReplayQuerySchema = z.strictObject({
  since: z.iso.datetime({ offset: true, error: WEBHOOK_MESSAGES.invalidSince }),
  environment: environmentSchema.optional(),
});
export const webhookReplayResultSchema = z.object({
  /** Events since then that match the endpoint, queued for delivery again. */
  queued: z.number().int(),
});
export type WebhookReplayResult = z.infer<typeof webhookReplayResultSchema>;
