import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Logger, RequestMethod, type DynamicModule, type LoggerService } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { pino, type DestinationStream, type Level } from 'pino';
import type { AppConfig } from '../config/app-config.js';

/**
 * Never logged: credentials in headers, and any field named like a secret in an object that code
 * logs (up to two levels deep). Request and response bodies are not logged at all.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["stripe-signature"]',
  'req.headers["webhook-signature"]',
  'res.headers["set-cookie"]',
  ...['password', 'passwordHash', 'currentPassword', 'newPassword', 'token', 'accessToken', 'refreshToken', 'secret', 'apiKey', 'secretKey', 'authorization', 'cookie'].flatMap(
    (key) => [key, `*.${key}`, `*.*.${key}`],
  ),
];

/** An incoming X-Request-Id is kept when it looks like one (so logs join up across services). */
export function requestIdOf(headers: IncomingMessage['headers']): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

/**
 * nestjs-pino's default routes add the paths excluded from the `api` prefix (`/v1`) a second time, and
 * Nest adds them as well: every `/v1` answer was logged twice. One route that matches every path.
 */
const EVERY_ROUTE = [{ path: '{/*splat}', method: RequestMethod.ALL }];

/**
 * The one logger (pino, through nestjs-pino): Nest's Logger calls and the per-request lines alike.
 * Human-readable (pino-pretty) on a terminal, JSON lines otherwise; every line logged while serving
 * a request carries its id (`req.id`).
 */
export function loggingModule(config: AppConfig, stream?: DestinationStream): DynamicModule {
  const pretty = !stream && process.stdout.isTTY;
  const options = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Fastify gave the request its id first (requestIdOf, copied onto the raw request); the same one is used here.
    genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id?: string }).id ?? requestIdOf(req.headers),
    // The status is what matters; the response headers (CSP and friends) would only be noise.
    serializers: { res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }) },
    // A 503 is the database being away, already logged once with its cause: a warning, not an error per request.
    customLogLevel: (_req: IncomingMessage, res: { statusCode: number }, error?: Error) =>
      error || (res.statusCode >= 500 && res.statusCode !== 503) ? ('error' as const) : res.statusCode >= 400 ? ('warn' as const) : ('info' as const),
    // For a 5xx answer without an error, pino-http makes one up ("failed with status code 503") and logs
    // its stack, which points into pino-http. The exception filter has logged the real cause already.
    customErrorObject: (_req: IncomingMessage, res: { statusCode: number; err?: Error }, error: Error, fields: Record<string, unknown>) =>
      !res.err && error.message === `failed with status code ${res.statusCode}` ? { ...fields, err: undefined } : fields,
    customErrorMessage: (_req: IncomingMessage, res: { statusCode: number }) => `request answered ${res.statusCode}`,
  };
  if (pretty) {
    return LoggerModule.forRoot({
      forRoutes: EVERY_ROUTE,
      pinoHttp: { ...options, transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } },
    });
  }
  return LoggerModule.forRoot({ forRoutes: EVERY_ROUTE, pinoHttp: [options, stream ?? process.stdout] });
}

/**
 * Before the app and its logger exist (the embedded PostgreSQL's start, the wait for DATABASE_URL), Nest's
 * Logger wrote coloured text even to a file: "Stopping PostgreSQL … left running" was the one line of a log
 * that was not JSON. Off a terminal these lines are pino's JSON too, with their `context`, as the app's.
 */
export function useBootLogger(level: string): void {
  if (process.stdout.isTTY) return;
  const log = pino({ level });
  const to = (method: Level) => (message: unknown, ...rest: unknown[]) => {
    const context = rest.at(-1);
    log[method](typeof context === 'string' ? { context } : {}, String(message));
  };
  const service: LoggerService = { log: to('info'), warn: to('warn'), error: to('error'), fatal: to('fatal'), debug: to('debug'), verbose: to('trace') };
  Logger.overrideLogger(service);
}
