import { Headers } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { ApiKeyPrincipal } from '../platform/auth/auth.decorators.js';
import type { Caller } from './payment-intents.queries.js';
import { MISSING_KEY_MESSAGE, StripeApiError } from './stripe-errors.js';

/** /v1 is for secret keys only: the key names the merchant and, by its prefix, the environment. */
export function callerOf(key: ApiKeyPrincipal | undefined): Caller {
  if (!key) throw StripeApiError.invalid(MISSING_KEY_MESSAGE, 'api_key_invalid', undefined, 401);
  return { merchantId: key.merchantId, environment: key.environment };
}

export const IdempotencyKey = () => Headers('idempotency-key');

/** The header in the OpenAPI document, on the POSTs that read it (a GET has nothing to repeat). */
export const ApiIdempotencyKey = () =>
  ApiHeader({ name: 'Idempotency-Key', required: false, description: 'The same key and parameters answer the first result; other parameters, or another route, are refused (idempotency_error)' });
