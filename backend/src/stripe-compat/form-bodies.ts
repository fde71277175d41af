import type { FastifyInstance } from 'fastify';
import { parse } from 'qs';
import { UNSUPPORTED_CONTENT_TYPE } from '../platform/http/error-filter.js';

/** Stripe's clients send form bodies with bracket notation (metadata[order]=42). */
const STRIPE_PATH = /^\/v1(\/|\?|$)/;

/**
 * application/x-www-form-urlencoded, for /v1 only: everywhere else such a body stays what it was
 * before, an unsupported content type (415). Depth and sizes are bounded against hostile bodies.
 */
export function acceptFormBodies(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    if (!STRIPE_PATH.test(request.url)) return done(Object.assign(new Error(UNSUPPORTED_CONTENT_TYPE), { statusCode: 415 }), undefined);
    done(null, parse(String(body), { depth: 5, arrayLimit: 100, parameterLimit: 1000, allowPrototypes: false }));
  });
}
