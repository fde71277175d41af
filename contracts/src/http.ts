import { z } from 'zod';

/** Every error answer of the API. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Money travels as a decimal string in major units ("100.00"); inside it is integer minor units. */
export const moneyStringSchema = z.string().regex(/^-?\d+\.\d{2}$/);
