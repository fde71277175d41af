import { UnsupportedMediaTypeException } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { UNSUPPORTED_CONTENT_TYPE } from './error-filter.js';

/** A route that reads a multipart body itself (`request.parts()`), or takes a plain HTML form's. */
export const TakesMultipart = () => RouteConfig({ multipart: true });

/**
 * Anywhere else a multipart body is refused (415) as every content type the API does not read is. Parsed
 * by nobody, it reached the route as no body at all: `PATCH /api/merchants/environment` with a form
 * saying `environment=staging` toggled the environment.
 */
export function rejectUnreadMultipart(request: FastifyRequest): void {
  if (request.isMultipart() && (request.routeOptions.config as { multipart?: unknown }).multipart !== true) {
    throw new UnsupportedMediaTypeException(UNSUPPORTED_CONTENT_TYPE);
  }
}
