import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Logger, type DynamicModule, type LoggerService } from '@nestjs/common';
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
    customLogLevel: (_req: IncomingMessage, res: { statusCode: number }, error?: Error) =>
      error || res.statusCode >= 500 ? ('error' as const) : res.statusCode >= 400 ? ('warn' as const) : ('info' as const),
  };
  if (pretty) {
    return LoggerModule.forRoot({
      pinoHttp: { ...options, transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } },
    });
  }
  return LoggerModule.forRoot({ pinoHttp: [options, stream ?? process.stdout] });
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
