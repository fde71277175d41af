import { z } from 'zod';

/** The spec's e-mail rule: text, an @, text, a dot, text. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * No address is longer (RFC 5321). Every e-mail kept needs a bound: the read models index them, and one
 * too long for a B-tree index stopped a projection for every later sign-up.
 */
const MAX_EMAIL_LENGTH = 254;

/**
 * An e-mail address, trimmed, with one message for every way it can be wrong; or, given `required`, that
 * one for none at all (empty or missing), and only it.
 */
export function emailAddress(message: string, required?: string) {
  const text = z.string({ error: required ?? message }).trim();
  return (required ? text.min(1, { error: required, abort: true }) : text)
    .max(MAX_EMAIL_LENGTH, { error: message, abort: true })
    .regex(EMAIL_PATTERN, message);
}
