import type { FastifyInstance } from 'fastify';
import { parse, type IParseOptions } from 'qs';
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
    try {
      done(null, parse(String(body), { depth: 5, arrayLimit: 100, parameterLimit: 1000, plainObjects: true, decoder: refusingProto }));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/**
 * Keys are kept as sent, `metadata[constructor]` too (objects without a prototype, `plainObjects`); qs drops a
 * `__proto__` part silently, so such a key is refused instead of losing what came with it.
 */
const refusingProto: IParseOptions['decoder'] = (text, decode, charset, type) => {
  const value = decode(text, decode, charset);
  if (type === 'key' && value.includes('__proto__')) {
    throw Object.assign(new Error(`Invalid parameter name: ${value.slice(0, 100)} (__proto__ cannot be a key)`), { statusCode: 400 });
  }
  return value;
};
