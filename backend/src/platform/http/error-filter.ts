import { ArgumentsHost, Catch, HttpException, HttpStatus, Injectable, Logger, type ExceptionFilter } from '@nestjs/common';
import type { ErrorBody } from '@tallyline/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { isTransient } from '../database/transient-errors.js';
import { DomainError, type DomainErrorCode } from '../domain-error.js';
import { WrongExpectedVersionError } from '../event-store/event-store.port.js';
import { SpaFallback } from './spa-fallback.js';
import { pathOf } from './url-path.js';

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
export const UNSUPPORTED_CONTENT_TYPE = 'Unsupported content type';

export function statusFor(code: DomainErrorCode): number {
  switch (code) {
    case 'validation':
      return HttpStatus.BAD_REQUEST;
    case 'unauthorized':
      return HttpStatus.UNAUTHORIZED;
    case 'forbidden':
      return HttpStatus.FORBIDDEN;
    case 'not_found':
      return HttpStatus.NOT_FOUND;
    case 'illegal_state':
    case 'conflict':
      return HttpStatus.CONFLICT;
    case 'version_mismatch':
      return HttpStatus.PRECONDITION_FAILED;
    case 'payload_too_large':
      return HttpStatus.PAYLOAD_TOO_LARGE;
    case 'unsupported_media_type':
      return HttpStatus.UNSUPPORTED_MEDIA_TYPE;
    case 'rate_limited':
      return HttpStatus.TOO_MANY_REQUESTS;
    case 'unprocessable':
      return HttpStatus.UNPROCESSABLE_ENTITY;
    case 'unavailable':
      return HttpStatus.SERVICE_UNAVAILABLE;
    case 'bad_gateway':
      return HttpStatus.BAD_GATEWAY;
    default: {
      const unreachable: never = code;
      throw new Error(`Unmapped domain error code ${String(unreachable)}`);
    }
  }
}

/**
 * Doors of the API whose errors have a shape of their own (the Stripe-compatible /v1), registered by
 * their feature. Their controllers' filters see only what reaches a controller: an unknown path, a body
 * the parser refuses or an unsupported content type under the prefix are answered here, in that shape,
 * which the OpenAPI document states for the door's operations (`answer`).
 */
@Injectable()
export class ErrorShapes {
  private readonly doors: { prefix: string; filter: ExceptionFilter; answer: DoorErrorAnswer }[] = [];

  register(prefix: string, filter: ExceptionFilter, answer: DoorErrorAnswer): void {
    this.doors.push({ prefix, filter, answer });
  }

  filterFor(url: string): ExceptionFilter | undefined {
    return this.doorOf(url)?.filter;
  }

  /** The error answer a path's operations give, when their door has its own. */
  answerFor(url: string): DoorErrorAnswer | undefined {
    return this.doorOf(url)?.answer;
  }

  private doorOf(url: string) {
    const path = pathOf(url);
    return this.doors.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  }
}

/** A door's error body: its schema, and its name among the document's components. */
export interface DoorErrorAnswer {
  name: string;
  schema: ZodType;
}

/** The one place errors become HTTP answers. Nothing a client sends becomes a 500. */
@Catch()
export class AllErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(
    private readonly spa: SpaFallback,
    private readonly shapes: ErrorShapes,
  ) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const door = this.shapes.filterFor(request.url);
    if (door) {
      door.catch(error, host);
      return;
    }
    const { body, headers } = this.toBody(error, request);
    if (body.statusCode === 404 && this.spa.serves(request)) {
      this.spa.send(request, reply, this.spa.pageStatus(request));
      return;
    }
    for (const [name, value] of Object.entries(headers ?? {})) void reply.header(name, value);
    void reply.status(body.statusCode).send(body);
  }

  private toBody(error: unknown, request: FastifyRequest): { body: ErrorBody; headers?: Record<string, string> | undefined } {
    if (error instanceof DomainError) {
      return { body: { statusCode: statusFor(error.code), message: error.message, ...(error.errors ? { errors: error.errors } : {}) }, headers: error.headers };
    }
    if (error instanceof WrongExpectedVersionError) {
      return { body: { statusCode: 409, message: 'This record was changed at the same time by another request. Try again.' } };
    }
    // Fastify's own client errors (malformed JSON, body too large, unsupported content type) and our parsers'.
    // Nest hands Fastify's over wrapped in an HttpException: unwrapped, so they get our words, not Fastify's
    // ("Unsupported Media Type" beside our "Unsupported content type").
    const raised = error instanceof HttpException && error.cause instanceof Error ? error.cause : error;
    const fastifyStatus = (raised as { statusCode?: number }).statusCode;
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      return { body: { statusCode: fastifyStatus, message: clientMessage(fastifyStatus, raised) } };
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const response = error.getResponse();
      const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
      return { body: { statusCode: status, message: Array.isArray(message) ? String(message[0]) : (typeof message === 'string' ? message : error.message) } };
    }
    // The database is down or restarting (or the pool is exhausted): the client may try again, nothing broke.
    if (isTransient(error)) {
      this.logger.warn(`Database unavailable on ${request.method} ${request.url}: ${(error as Error).message}`);
      return { body: { statusCode: 503, message: UNAVAILABLE_MESSAGE }, headers: { 'retry-after': '5' } };
    }
    this.logger.error({ requestId: request.id, err: error }, `Unhandled error on ${request.method} ${request.url}`);
    return { body: { statusCode: 500, message: `Internal server error (request ${request.id})` } };
  }
}

/** Our words for Fastify's client errors, here and at /v1 (see stripe-errors.ts), instead of Fastify's own. */
export function clientMessage(status: number, error: unknown): string {
  if (status === 413) return 'Request body is too large';
  if (status === 415) return UNSUPPORTED_CONTENT_TYPE;
  const code = (error as { code?: string }).code;
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'Malformed JSON body';
  return (error as Error).message || 'Bad request';
}
