import { DomainError } from '../../platform/domain-error.js';

/** The Idempotency-Key header: printable ASCII, as Stripe accepts; anything else is a client mistake, not a key. */
export function idempotencyKeyOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(header)) {
    throw DomainError.validation([{ field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 printable characters' }]);
  }
  return header;
}
