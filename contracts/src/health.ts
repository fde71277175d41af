import { z } from 'zod';

/** What `GET /api/health` tells a staff session about each projection and reactor (the back-office's Processors page). */
export const processorReportSchema = z.object({
  name: z.string(),
  kind: z.enum(['projection', 'reactor']),
  state: z.enum(['running', 'catching_up', 'failed', 'paused', 'standby']),
  /** Whether the answering instance holds the processor's lock; another instance runs it otherwise. */
  runsHere: z.boolean(),
  position: z.string(),
  /** Counted up to a cap (a bounded read, never a COUNT over the log); `eventsBehindCapped` says there are more. */
  eventsBehind: z.number().int(),
  eventsBehindCapped: z.boolean(),
  /** Age of the oldest event it has not processed yet. */
  secondsBehind: z.number(),
  failedAt: z.object({ position: z.string().nullable(), eventType: z.string().nullable(), at: z.string(), attempts: z.number().int() }).optional(),
  lastError: z.string().optional(),
  deadLetters: z.number().int(),
});
export type ProcessorReport = z.infer<typeof processorReportSchema>;

export const oldestTransactionSchema = z.object({
  seconds: z.number(),
  applicationName: z.string().optional(),
  /** pg_stat_activity's state, which is null for a process that reports none. */
  state: z.string().nullable().optional(),
});
export type OldestTransaction = z.infer<typeof oldestTransactionSchema>;

/** The whole staff answer of `GET /api/health` (anyone else gets `{ status }` only). */
export const staffHealthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  uptimeSeconds: z.number().int(),
  timestamp: z.string(),
  processors: z.array(processorReportSchema),
  database: z.object({ oldestTransaction: oldestTransactionSchema }),
});
export type StaffHealth = z.infer<typeof staffHealthSchema>;

/** Up, whether or not every processor runs: what a 200 of `GET /api/health` says (error is its 503). */
const upStatus = staffHealthSchema.shape.status.exclude(['error']);

/** `GET /api/health` 200: `{ status }` for anyone, the details too for a staff session. */
export const healthSchema = z.union([staffHealthSchema.extend({ status: upStatus }), z.object({ status: upStatus })]);

/** `GET /api/health` 503: the database did not answer; a staff session is also told why and when. */
export const healthDownSchema = z.object({ status: z.literal('error'), error: z.string().optional(), timestamp: z.string().optional() });

/** `POST /api/admin/processors/{name}/retry` 202: asked of whichever instance runs the processor, not done yet. */
export const processorRetrySchema = z.object({ name: z.string(), retry: z.literal('requested') });
export type ProcessorRetry = z.infer<typeof processorRetrySchema>;
