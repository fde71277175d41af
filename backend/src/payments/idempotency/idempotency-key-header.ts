import { ApiHeader } from '@nestjs/swagger';
import { DomainError } from '../../platform/domain-error.js';

/** The Idempotency-Key header: printable ASCII, as Stripe accepts; anything else is a client mistake, not a key. */
export function idempotencyKeyOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(header)) {
    throw DomainError.validation([{ field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 printable characters' }]);
  }
  return header;
}

/** The header in the OpenAPI document of a create call (card or crypto payment) that honours it. */
export const ApiIdempotencyKeyHeader = () =>
  ApiHeader({ name: 'Idempotency-Key', required: false, description: 'A retry with the same key and body answers the first payment' });
