import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { HttpException, type ExceptionFilter } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { ErrorShapes } from './error-filter.js';
import type { SpaFallback } from './spa-fallback.js';

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      // The app is often served over plain HTTP on localhost; TLS is the proxy's job.
      upgradeInsecureRequests: null,
    },
  },
};

/** Helmet's headers as a plain map, for the answers Fastify gives before any hook runs. */
const HELMET_HEADERS: Record<string, string> = (() => {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)), removeHeader: () => undefined };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
})();

/**
 * Fastify's router refuses a malformed URL (400) or an over-long parameter (414) before any hook runs;
 * these answers get the API's error shape and helmet's headers like every other. A page's URL (a GET that
 * is neither /api/… nor /v1) is a person's browser: it gets the web app's page with that status instead,
 * whose router shows its not-found page, not a JSON body. A door with an error shape of its own (/v1)
 * answers in that shape; `shapes` is there once the app is (the router is made before it).
 */
export function frameworkErrors(spa: SpaFallback, shapes: () => ErrorShapes | undefined) {
  return (error: { statusCode?: number }, request: FastifyRequest, reply: FastifyReply): void => {
    const statusCode = error.statusCode === 414 ? 414 : 400;
    void reply.headers({ ...HELMET_HEADERS, 'cache-control': 'no-store' });
    if (spa.serves(request)) return spa.send(request, reply, statusCode);
    const message = statusCode === 414 ? 'The URL is too long' : 'The URL is not valid: it has a malformed percent-encoding';
    const door = shapes()?.filterFor(request.url);
    if (door) return void door.catch(new HttpException(message, statusCode), new ExecutionContextHost([request, reply]));
    void reply.code(statusCode).send({ statusCode, message });
  };
}

/**
 * Node's HTTP parser refuses the request (bad header bytes, headers too large, timeout): answered on the raw
 * socket, in the API's error shape or, under a door with its own (/v1), in that one. The path is read from
 * the request line the parser had received.
 */
export function clientErrorHandler(shapes: () => ErrorShapes | undefined) {
  return (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [statusCode, reason, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
          : [400, 'Bad Request', 'The request is not valid HTTP'];
    const url = Buffer.isBuffer(error.rawPacket) ? /^[A-Z]+ (\/\S*)/.exec(error.rawPacket.toString('latin1', 0, 8192))?.[1] : undefined;
    const door = url === undefined ? undefined : shapes()?.filterFor(url);
    const body = JSON.stringify(door ? doorBody(door, url!, statusCode, message) : { statusCode, message });
    const headers = { ...HELMET_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store', connection: 'close' };
    if (socket.writable) socket.write(`HTTP/1.1 ${statusCode} ${reason}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(error);
  };
}

/** What the door's filter answers, caught from a stand-in reply: there is no request or reply object here. */
function doorBody(door: ExceptionFilter, url: string, statusCode: number, message: string): unknown {
  let body: unknown;
  const reply = {
    status: () => reply,
    code: () => reply,
    header: () => reply,
    send: (sent: unknown) => {
      body = sent;
      return reply;
    },
  };
  door.catch(new HttpException(message, statusCode), new ExecutionContextHost([{ url, method: 'GET', id: '' }, reply]));
  return body;
}
