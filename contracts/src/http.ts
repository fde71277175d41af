import { z } from 'zod';

/** Every error answer of the API. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Decimal digits, perhaps a fraction: what "a number" means in a query string or a form field. */
const DECIMAL_TEXT = /^-?\d{1,15}(\.\d{1,15})?$/;

/**
 * A number sent as text (query string, multipart field), in decimal digits only: `z.coerce.number()` and
 * `Number()` also take "0x10", "1e2", "0b11" and " " (as 16, 100, 3 and 0). Numbers pass as they are.
 */
export function numberFromText<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && DECIMAL_TEXT.test(value.trim()) ? Number(value) : value), schema);
}

/** A whole number from a query string. One message for every way it can be wrong, as the spec words them. */
export function queryInteger(min: number, max: number, message: string) {
  return numberFromText(z.number({ error: message }).int(message).min(min, message).max(max, message));
}

/**
 * An absolute http(s) URL. `website`: its host also has a dot, as a public site's does (not `localhost`);
 * return and webhook URLs may point at a developer's own machine.
 */
export function isHttpUrl(value: string, { website = false } = {}): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && (!website || url.hostname.includes('.'));
  } catch {
    return false;
  }
}

/** For a PATCH body of optional fields: true when it names at least one (a request changing nothing is refused). */
export const changesSomething = (body: object): boolean => Object.values(body).some((value) => value !== undefined);
