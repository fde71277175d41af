import { z } from 'zod';

/** Every error answer of the API. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
