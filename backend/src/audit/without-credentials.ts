/**
 * Fields derived from a secret: a password's argon2 hash can be attacked offline and an API key's hash
 * identifies the key. The event store keeps them (sign-in and key checks replay from it); what staff read
 * and export says only that one was recorded.
 */
const CREDENTIAL_FIELDS = new Set(['passwordHash', 'keyHash']);
export const REDACTED = '[redacted]';

export function withoutCredentials(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([field, value]) => [field, CREDENTIAL_FIELDS.has(field) && value !== null ? REDACTED : value]),
  );
}
