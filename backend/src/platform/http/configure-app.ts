import type { IncomingMessage } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { NotFoundException, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ENVIRONMENT_HEADER } from '@tallyline/contracts';
import type { AppConfig } from '../config/app-config.js';
import { DatabasePool } from '../database/database-pool.js';
import { Logger } from 'nestjs-pino';
import { requestIdOf } from '../logging/logging.js';
import { duplicateJsonKey } from './duplicate-json-key.js';
import { AllErrorsFilter, ErrorShapes } from './error-filter.js';
import { completeOpenApiDocument } from './openapi.js';
import { clientErrorHandler, frameworkErrors, HELMET_OPTIONS } from './framework-errors.js';
import { rejectUnreadMultipart } from './takes-multipart.js';
import { applyRateLimits, rateLimitOptions } from './rate-limits.js';
import { SpaFallback } from './spa-fallback.js';
import { pathOf } from './url-path.js';
import { rejectUnsafeInput } from './zod-validation.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Longer than any file name (255 bytes), route or id. */
const OVERLONG_SEGMENT = /[^/]{256}/;
/** Swagger UI's HTML page (its assets and the JSON document live under other paths). */
const SWAGGER_UI_PAGE = /^\/api\/documentation\/?$/;
/** A file Vite named by its content hash (assets/name-AbCd1234.js), or its precompressed twin. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.br|\.gz)?$/;

/**
 * Builds the whole HTTP app around the root module: used by main.ts and the integration tests alike.
 * The root module comes in as a parameter because platform/ never imports the app it serves.
 */
export async function createHttpApp(config: AppConfig, root: DynamicModule): Promise<NestFastifyApplication> {
  const spa = new SpaFallback([
    { prefix: '/admin', distDir: join(repoRoot, 'admin-web/dist') },
    { prefix: '', distDir: join(repoRoot, 'dashboard-web/dist') },
  ]);
  // Made with the app, after the router that needs them.
  const errorShapes: { current?: ErrorShapes } = {};
  const adapter = new FastifyAdapter({
    // One logger: nestjs-pino logs requests (see logging.ts), Fastify's own stays off.
    logger: false,
    genReqId: (request: IncomingMessage) => requestIdOf(request.headers),
    bodyLimit: 1024 * 1024,
    // Fastify's default (100) turned a longer id into "no such route"; the handler says "no such payment" instead.
    routerOptions: { maxParamLength: 1000 },
    // Off unless TRUST_PROXY names the proxies: otherwise any client could forge X-Forwarded-For.
    // Fastify takes a hop count too; Nest's adapter types only list the other forms.
    trustProxy: config.trustProxy as boolean | string[],
    frameworkErrors: frameworkErrors(spa, () => errorShapes.current),
    clientErrorHandler: clientErrorHandler(() => errorShapes.current),
  });
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    bufferLogs: true,
    abortOnError: false,
    bodyParser: false, // our own JSON parser below
  });
  app.useLogger(app.get(Logger));
  // Pino's id for the request's log lines is Fastify's request id (X-Request-Id), also sent back.
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    (request.raw as { id?: string }).id = String(request.id);
    void reply.header('X-Request-Id', request.id);
    done();
  });
  // Once the server is closing, each answer closes its connection. Closing only ends the connections idle
  // at that moment; one answering a request then (the sandbox's IPN to ourselves, a slow client) stayed
  // open after its answer, kept alive for Fastify's 72 s, and the shutdown waited for it all that time.
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  // JSON is what the API reads (multipart and /v1's form bodies are registered where they are read). Fastify
  // also parses text/plain by default: such a body reached the routes as a string and was refused as zod's
  // "expected object, received string" instead of 415, as every other content type is.
  fastify.removeContentTypeParser('text/plain');
  // An empty JSON body is no body (the spec's client sends PATCH /merchants/environment without one).
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (typeof body !== 'string' || body.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return done(Object.assign(new Error('Malformed JSON body'), { statusCode: 400 }), undefined);
    }
    const duplicate = duplicateJsonKey(body);
    if (duplicate !== undefined) return done(Object.assign(new Error(`Duplicate key "${duplicate}" in JSON body`), { statusCode: 400 }), undefined);
    done(null, parsed);
  });
  // /v1 is the Stripe-compatible API: Stripe's libraries call it at the host's root, not under /api. (Nest then scans
  // every controller's methods through a function object: none may be named caller, callee or arguments.)
  app.setGlobalPrefix('api', { exclude: ['v1/{*path}'] });

  // Helmet first: its headers then reach every answer, CORS preflights and rate-limit refusals included.
  await app.register(fastifyHelmet, HELMET_OPTIONS as never);
  // Registered as a plugin, not app.enableCors(): Nest runs that hook before every plugin's, helmet's too.
  await app.register(fastifyCors, {
    // Only the listed origins (never "null"); the apps themselves are served from the API's own origin.
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['Content-Range', 'ETag', 'Retry-After', 'X-Request-Id', ENVIRONMENT_HEADER],
    // An OPTIONS without Origin is no browser's preflight but a client asking what the API allows: a 204
    // listing the methods (and no Access-Control-Allow-Origin), not the plugin's plain-text 400.
    strictPreflight: false,
  });
  // API answers are per caller (tokens, keys, documents): no cache, no proxy may keep them.
  fastify.addHook('onSend', async (request, reply) => {
    if ((request.url.startsWith('/api') || request.url.startsWith('/v1')) && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });
  // No route, id or file has a path segment this long (file names stop at 255 bytes); @fastify/static
  // answered such a path 403, the file system's "name too long". A 404 instead: the web apps' page for a GET.
  fastify.addHook('onRequest', async (request) => {
    if (OVERLONG_SEGMENT.test(pathOf(request.url))) throw new NotFoundException('Not found');
  });
  fastify.addHook('preValidation', async (request) => rejectUnsafeInput(request));
  applyRateLimits(fastify, config);
  await app.register(fastifyRateLimit, rateLimitOptions(app.get(DatabasePool)));
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 4, fields: 100 } });
  fastify.addHook('preValidation', async (request) => rejectUnreadMultipart(request));

  for (const webApp of spa.available()) {
    await app.register(fastifyStatic, {
      root: webApp.distDir,
      prefix: `${webApp.prefix}/`,
      decorateReply: webApp.prefix === '',
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz next to each file (scripts/precompress.mjs): sent as they are.
      preCompressed: true,
      cacheControl: false,
      // Vite names what it puts under assets/ by content hash: a changed file is a new URL.
      setHeaders: (reply, path) => void reply.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  // Prerendered pages on routes of their own. Through the 404 fallback, a page went through @fastify/static
  // twice (a miss, then sendFile) and its reply gathered 11 'close' listeners: Node warned of a possible
  // leak on every page view.
  for (const page of spa.prerenderedRoutes()) {
    fastify.get(page.path, (_request, reply) => {
      void reply.sendFile(page.file, page.distDir);
    });
  }
  errorShapes.current = app.get(ErrorShapes);
  app.useGlobalFilters(new AllErrorsFilter(spa, errorShapes.current));

  const shapes = errorShapes.current;
  // Built at the first request for it, when every module has started: by then the doors with errors of
  // their own (/v1, registered as its module starts) are known, and their operations keep their own.
  const document = () =>
    completeOpenApiDocument(
      SwaggerModule.createDocument(
        app,
        new DocumentBuilder()
          .setTitle('Tallyline API')
          .setDescription('Merchant payments: applications, accounts, payments, refunds, crypto and webhooks.')
          .setVersion('1.0')
          // 3.1: the schemas come from zod as JSON Schema 2020-12 (const, type arrays), which 3.1 speaks.
          .setOpenAPIVersion('3.1.0')
          .addServer('/', 'This server')
          .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'A session JWT or a secret API key (sk_test_… / sk_live_…)' })
          // Every route needs it unless public, as the global authentication guard has it.
          .addSecurityRequirements('bearer')
          .build(),
      ),
      (path) => shapes.answerFor(path),
    );
  SwaggerModule.setup('api/documentation', app, document, { jsonDocumentUrl: 'api/documentation-json' });
  // Swagger UI's page has no viewport meta, and @nestjs/swagger no option for one: a phone laid it out 980 px wide.
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !SWAGGER_UI_PAGE.test(pathOf(request.url)) || !String(reply.getHeader('content-type')).startsWith('text/html')) return payload;
    return payload.replace('<head>', '<head>\n  <meta name="viewport" content="width=device-width, initial-scale=1">');
  });
  return app;
}
