import { z } from 'zod';

/** GET /api/admin/events: the raw event log, newest first. */
export const eventLogEntrySchema = z.object({
  id: z.string(),
  position: z.string(),
  streamId: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  recordedAt: z.string(),
  /** The signed-in person behind metadata.actor (staff or a merchant's user), as they are now; absent for keys, visitors and the system. */
  actorEmail: z.string().optional(),
});
export type EventLogEntry = z.infer<typeof eventLogEntrySchema>;
