import { z } from 'zod';

/** Every error answer of the API. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * A whole number from a query string, in decimal digits only: `z.coerce.number()` also takes "0x10",
 * "1e2" and "" (as 16, 100 and 0). One message for every way it can be wrong, as the spec words them.
 */
export function queryInteger(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}
