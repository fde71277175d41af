import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect } from 'node:net';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from './support/app.js';
import { multipart, PDF, precheckFields } from './support/onboarding.js';
import { present } from './support/present.js';

const ERROR_KEYS = ['errors', 'message', 'statusCode'];

describe('one error shape for every error, the framework’s own included', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const expectErrorShape = (res: { statusCode: number; body: string; headers: Record<string, unknown> }, statusCode: number) => {
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect([res.statusCode, body.statusCode, typeof body.message]).toEqual([statusCode, statusCode, 'string']);
    expect(Object.keys(body).every((key) => ERROR_KEYS.includes(key))).toBe(true);
    expect(res.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|FST_/);
    // Helmet's headers stay on error answers.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  };

  it.each<[string, InjectOptions, number]>([
    ['malformed JSON', { method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } }, 400],
    ['an unknown route', { method: 'GET', url: '/api/no-such-thing' }, 404],
    ['an unknown method', { method: 'DELETE', url: '/api/health' }, 404],
    ['a body too large', { method: 'POST', url: '/api/auth/login', payload: JSON.stringify({ email: 'a'.repeat(2_000_000) }), headers: { 'content-type': 'application/json' } }, 413],
    ['an unsupported media type', { method: 'POST', url: '/api/auth/login', payload: '<x/>', headers: { 'content-type': 'text/xml' } }, 415],
    ['a malformed URL', { method: 'GET', url: '/api/admin/merchant-applications/%E0%A4%A' }, 400],
    // Longer than any file name: @fastify/static answered it 403.
    ['a path segment longer than any route, id or file', { method: 'GET', url: `/api/client/payments/${'a'.repeat(5_000)}` }, 404],
    ['a multipart body without a boundary', { method: 'POST', url: '/api/merchant-applications', payload: 'abc', headers: { 'content-type': 'multipart/form-data' } }, 400],
    ['too many multipart fields', { method: 'POST', url: '/api/merchant-applications', ...multipart(Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`f${i}`, 'x']))) }, 413],
    [
      'too many multipart files',
      { method: 'POST', url: '/api/merchant-applications', ...multipart(precheckFields(), Array.from({ length: 5 }, () => ({ field: 'passportId', filename: 'a.pdf', content: PDF }))) },
      413,
    ],
  ])('%s', async (_name, request, statusCode) => {
    expectErrorShape(await t.request(request), statusCode);
  });

  it('refuses a JSON route’s body in any other content type, text/plain too, with 415 "Unsupported content type"', async () => {
    const login = JSON.stringify({ email: 'a@b.co', password: 'long-enough-1' });
    for (const contentType of ['text/plain', 'text/plain; charset=utf-8', 'text/xml']) {
      const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: login, headers: { 'content-type': contentType } });
      expect([contentType, res.json()]).toEqual([contentType, { statusCode: 415, message: 'Unsupported content type' }]);
    }
  });

  /** The app on a real socket, for what only Node's HTTP server does; listens once. */
  async function listening(): Promise<number> {
    if (!t.app.getHttpServer().listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.getHttpServer().address() as { port: number }).port;
  }

  it('answers a page’s malformed URL with the web app’s HTML and 400, an API path’s with the JSON error', async () => {
    const pages = ['/pay/%E0%A4%A', '/dashboard/%E0%A4%A', '/admin/%E0%A4%A', '/api%E0%A4%A'];
    for (const url of pages) {
      const res = await t.request({ method: 'GET', url });
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 400, 'text/html; charset=utf-8']);
      expect(res.body).toMatch(/^<!doctype html>/i);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
    // Each app's own page: the back-office's for /admin, the dashboard's for the rest.
    const bodyOf = async (url: string) => (await t.request({ method: 'GET', url })).body;
    expect(await bodyOf('/admin/%E0%A4%A')).toBe(await bodyOf('/admin/no-such-page'));
    expect(await bodyOf('/pay/%E0%A4%A')).toBe(await bodyOf('/no-such-page'));
    expect(await bodyOf('/pay/%E0%A4%A')).not.toBe(await bodyOf('/admin/no-such-page'));
    const api = await t.request({ method: 'GET', url: '/api/merchants/%E0%A4%A' });
    expect([api.statusCode, api.headers['content-type']]).toEqual([400, 'application/json; charset=utf-8']);
    expect(api.json()).toEqual({ statusCode: 400, message: 'The URL is not valid: it has a malformed percent-encoding' });
    // The Stripe-compatible door's own shape, as for every other error under /v1.
    for (const url of ['/v1/%E0%A4%A', '/v1/payment_intents/%E0%A4%A']) {
      const res = await t.request({ method: 'GET', url });
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 400, 'application/json; charset=utf-8']);
      expect(res.json()).toEqual({ error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'The URL is not valid: it has a malformed percent-encoding' } });
    }
    // HEAD as GET: the page's status and type, no body (over a socket: Node's server drops a HEAD answer's body).
    const head = await fetch(`http://127.0.0.1:${await listening()}/admin/%E0%A4%A`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([400, 'text/html; charset=utf-8', '']);
    // Not a browser's page load: the JSON error.
    const post = await t.request({ method: 'POST', url: '/pay/%E0%A4%A' });
    expect([post.statusCode, post.headers['content-type']]).toEqual([400, 'application/json; charset=utf-8']);
  });

  it('answers a request Node’s HTTP parser refuses in the same shape', async () => {
    const port = await listening();
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n', 'latin1'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1.1 400 /);
    expect(head?.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(present(body, 'a response body'))).toEqual({ statusCode: 400, message: 'The request is not valid HTTP' });
  });

  it('answers headers too large with 431 in the shape of the door asked: /v1 Stripe’s, /api ours', async () => {
    const port = await listening();
    const answers = await Promise.all(
      ['/v1/events', '/api/health'].map(async (path) => {
        const res = await fetch(`http://127.0.0.1:${port}${path}?q=${'a'.repeat(20_000)}`);
        return [path, res.status, await res.json()];
      }),
    );
    expect(answers).toEqual([
      ['/v1/events', 431, { error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'The request headers are too large' } }],
      ['/api/health', 431, { statusCode: 431, message: 'The request headers are too large' }],
    ]);
  });
});
