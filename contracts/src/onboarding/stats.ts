import { z } from 'zod';
import { queryInteger } from '../http.js';

/** GET /api/admin/stats/applications-per-day: the `days` query parameter's bounds and default. */
export const APPLICATIONS_PER_DAY = { min: 1, max: 366, default: 30 } as const;

export const applicationsPerDayQuerySchema = z.strictObject(
  {
    days: queryInteger(APPLICATIONS_PER_DAY.min, APPLICATIONS_PER_DAY.max, `days must be a whole number from ${APPLICATIONS_PER_DAY.min} to ${APPLICATIONS_PER_DAY.max}`).default(APPLICATIONS_PER_DAY.default),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown parameter ${issue.keys.join(', ')}` : undefined) },
);

/** Applications submitted per UTC day, oldest first, the window's days without any included as 0. */
export const applicationsPerDaySchema = z.object({
  /** `day`: YYYY-MM-DD. */
  days: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type ApplicationsPerDay = z.infer<typeof applicationsPerDaySchema>;
