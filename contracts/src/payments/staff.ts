import { z } from 'zod';
import { paymentSchema } from './payment.js';

/**
 * Who caused an event, as the timelines show it: `role` is the user's role (merchant, staff), or
 * visitor (the customer on the hosted payment page), api_key, gateway (its IPN) or system; `email`
 * only for people.
 */
export const timelineActorSchema = z.object({ id: z.string(), email: z.string().nullable(), role: z.string() });
export type TimelineActor = z.infer<typeof timelineActorSchema>;

/**
 * GET /api/transactions/{id}/events and /api/admin/payments/{id}/events: one entry per event of the
 * payment's stream, oldest first, read from the event store.
 */
export const paymentTimelineEntrySchema = z.object({
  /** The event id. */
  id: z.string(),
  /** Global position of the event (a bigint, hence a string). */
  position: z.string(),
  type: z.string(),
  /** When it happened, as the event records it (a payment's creation, the gateway's answer). */
  at: z.string(),
  /** When the event was recorded: the same moment, give or take, but for imported or seeded history. */
  recordedAt: z.string(),
  /** A sentence a person can read: "Refund of £15.00 completed". */
  summary: z.string(),
  actor: timelineActorSchema,
});
export type PaymentTimelineEntry = z.infer<typeof paymentTimelineEntrySchema>;

/** GET /api/admin/payments: every merchant's payments, whichever door they came in by. */
export const adminPaymentSchema = paymentSchema.extend({
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  failureReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
