import { z } from 'zod';

/** The spec's e-mail rule: text, an @, text, a dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * No address is longer (RFC 5321). Every e-mail kept needs a bound: the read models index them, and one
 * too long for a B-tree index stopped a projection for every later sign-up.
 */
export const MAX_EMAIL_LENGTH = 254;

/** An e-mail address, trimmed, with one message for every way it can be wrong. */
export function emailAddress(message: string) {
  return z.string({ error: message }).trim().max(MAX_EMAIL_LENGTH, message).regex(EMAIL_PATTERN, message);
}
