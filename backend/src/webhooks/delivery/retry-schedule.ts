/** Waits after each failed attempt (Standard Webhooks / Svix): 8 attempts in all, the first at once. */
const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];

/** An endpoint failing without a success for this long is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * 3_600_000;

/**
 * When to try again after `attempts` attempts all failed, or undefined when that was the last. ±10%
 * jitter, so endpoints that failed together (an outage) are not all retried in the same instant.
 */
export function nextAttemptAfter(attempts: number, now: Date, random = Math.random): Date | undefined {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? undefined : new Date(now.getTime() + Math.round(delay * (0.9 + 0.2 * random())));
}
