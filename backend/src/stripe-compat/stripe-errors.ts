import { ArgumentsHost, Catch, HttpException, Logger, NotFoundException, type ExceptionFilter } from '@nestjs/common';
import { PAYMENT_MESSAGES } from '@tallyline/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isTransient } from '../platform/database/transient-errors.js';
import { DomainError } from '../platform/domain-error.js';
import { WrongExpectedVersionError } from '../platform/event-store/event-store.port.js';
import { clientMessage, UNAVAILABLE_MESSAGE } from '../platform/http/error-filter.js';
import { pathOf } from '../platform/http/url-path.js';

/** Every /v1 error answer, as Stripe's: stripe-node reads `error.type` to pick the class it raises. */
export const stripeErrorAnswerSchema = z
  .object({
    error: z.object({
      type: z.enum(['api_error', 'card_error', 'idempotency_error', 'invalid_request_error']),
      message: z.string(),
      code: z.string().optional(),
      decline_code: z.string().optional(),
      param: z.string().optional(),
      /** A card_error's PaymentIntent, as it stands after the decline. */
      payment_intent: z.unknown().optional(),
    }),
  })
  .meta({ description: "Stripe's error shape" });

export type StripeErrorBody = z.output<typeof stripeErrorAnswerSchema>['error'];

/** An error answered as Stripe answers it: stripe-node turns the type into StripeCardError, StripeInvalidRequestError… */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }

  static invalid(message: string, code: string, param?: string, status = 400): StripeApiError {
    return new StripeApiError(status, { type: 'invalid_request_error', message, code, ...(param ? { param } : {}) });
  }

  /** A retry while the request it repeats is still going through: Stripe's 409, which stripe-node retries after a pause. */
  static keyInUse(key: string): StripeApiError {
    return new StripeApiError(409, {
      type: 'idempotency_error',
      code: 'idempotency_key_in_use',
      message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key.slice(0, 255)}. Please try again later.`,
    });
  }
}

export const MISSING_KEY_MESSAGE = 'You did not provide a secret API key (Authorization: Bearer sk_test_… or sk_live_…).';

/** Stripe's words for a parameter it does not know, used by the strict schemas in stripe-params.ts. */
export const UNKNOWN_PARAMETER = 'Received unknown parameter:';

/** Our field paths (metadata.order) in Stripe's bracket notation (metadata[order]). */
export const bracketed = (field: string) => field.split('.').map((part, i) => (i === 0 ? part : `[${part}]`)).join('');

/** The payments feature's refusals, in Stripe's words and statuses. */
function fromDomain(error: DomainError): StripeApiError {
  const field = error.errors?.[0]?.field;
  const param = field && field !== '(body)' ? bracketed(field) : undefined;
  switch (error.code) {
    case 'validation':
      return StripeApiError.invalid(error.message, error.message.startsWith(UNKNOWN_PARAMETER) ? 'parameter_unknown' : 'parameter_invalid', param);
    case 'unprocessable':
      // Our words for a reused key, Stripe's at its door (stripe-node raises StripeIdempotencyError on this code).
      if (error.message === PAYMENT_MESSAGES.idempotencyMismatch) {
        return new StripeApiError(400, { type: 'idempotency_error', code: 'idempotency_key_in_use', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' });
      }
      return StripeApiError.invalid(error.message, param === 'amount' ? 'amount_too_large' : 'parameter_invalid', param);
    case 'unauthorized':
      return StripeApiError.invalid(error.message, 'api_key_invalid', undefined, 401);
    case 'forbidden':
      return StripeApiError.invalid(error.message, 'permission_denied', undefined, 403);
    case 'not_found':
      return StripeApiError.invalid(error.message, 'resource_missing', 'id', 404);
    case 'illegal_state':
      if (error.message === PAYMENT_MESSAGES.refundDisputed) return StripeApiError.invalid(error.message, 'charge_disputed');
      return StripeApiError.invalid(error.message, 'payment_intent_unexpected_state');
    case 'conflict':
    case 'version_mismatch':
      return StripeApiError.invalid(error.message, 'lock_timeout', undefined, 409);
    case 'payload_too_large':
      return StripeApiError.invalid(error.message, 'parameter_invalid', undefined, 413);
    case 'unsupported_media_type':
      return StripeApiError.invalid(error.message, 'parameter_invalid', undefined, 415);
    case 'rate_limited':
      return StripeApiError.invalid(error.message, 'rate_limit', undefined, 429);
    case 'unavailable':
    case 'bad_gateway':
      return new StripeApiError(error.code === 'unavailable' ? 503 : 502, { type: 'api_error', message: error.message });
  }
}

/** /v1 only: every error as `{ error: { type, code, decline_code?, message, param? } }`; nothing a client sends is a 500. */
@Catch()
export class StripeErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('StripeCompat');

  catch(error: unknown, host: ArgumentsHost): void {
    const { status, body } = this.toStripe(error, host.switchToHttp().getRequest<FastifyRequest>());
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    // A 429's Retry-After, as the usual error shape carries it.
    if (error instanceof DomainError) for (const [name, value] of Object.entries(error.headers ?? {})) void reply.header(name, value);
    void reply.status(status).send({ error: body });
  }

  private toStripe(error: unknown, request: FastifyRequest): StripeApiError {
    if (error instanceof StripeApiError) return error;
    if (error instanceof DomainError) return fromDomain(error);
    if (error instanceof WrongExpectedVersionError) return StripeApiError.invalid('This object was changed at the same time by another request. Try again.', 'lock_timeout', undefined, 409);
    // The router's: no such endpoint (our own not-founds are domain errors).
    if (error instanceof NotFoundException) {
      // Stripe asks for the key before anything else, even on a URL it does not have.
      if (!request.headers.authorization) return StripeApiError.invalid(MISSING_KEY_MESSAGE, 'api_key_invalid', undefined, 401);
      return new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${pathOf(request.url)}).` });
    }
    // Fastify's own (a body too large, another content type…): in the words the rest of the API uses, not Fastify's.
    const status = error instanceof HttpException ? error.getStatus() : (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return StripeApiError.invalid(clientMessage(status, error), 'parameter_invalid', undefined, status);
    if (isTransient(error)) return new StripeApiError(503, { type: 'api_error', message: UNAVAILABLE_MESSAGE });
    this.logger.error({ requestId: request.id, err: error }, `Unhandled error on ${request.method} ${request.url}`);
    return new StripeApiError(500, { type: 'api_error', message: `Internal server error (request ${request.id})` });
  }
}
