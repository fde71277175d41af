import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect } from 'node:net';
import type { InjectOptions } from 'fastify';
import { DataSource } from 'typeorm';
import { UNSAFE_TEXT_MESSAGE } from '../src/platform/http/zod-validation.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, createStaff, registerMerchant } from './support/auth.js';
import { createApplication, multipart, PDF, precheckFields } from './support/onboarding.js';
import { present } from './support/present.js';

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
}

/** Every property name of string type anywhere in a JSON schema (oneOf branches and nested objects included). */
function stringProperties(schema: unknown, found = new Set<string>()): Set<string> {
  if (typeof schema !== 'object' || schema === null) return found;
  const node = schema as { properties?: Record<string, { type?: unknown }>; oneOf?: unknown[]; anyOf?: unknown[]; items?: unknown };
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    if (JSON.stringify(property).includes('"string"')) found.add(name);
    stringProperties(property, found);
  }
  for (const branch of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) stringProperties(branch, found);
  stringProperties(node.items, found);
  return found;
}

const BAD_TEXT = { NUL: 'a\u0000b', 'lone surrogate': 'a\ud800b' };
const ERROR_KEYS = ['errors', 'message', 'statusCode'];

describe('hostile input', () => {
  let t: TestApp;
  let staffToken: string;
  let merchantToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    staffToken = (await createStaff(t)).token;
    merchantToken = (await registerMerchant(t)).token;
  });
  afterAll(() => t.close());

  it('refuses NUL and lone surrogates in every text input of every endpoint in the OpenAPI document: 400, never 5xx', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/documentation-json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
    const cases: { name: string; request: InjectOptions; exact: boolean }[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const token = path.startsWith('/api/admin') ? staffToken : merchantToken;
        const base = { method: method.toUpperCase(), headers: bearer(token) };
        const url = (params: Record<string, string> = {}) => path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '6f1c3a9e-2a8e-4d4f-9b43-4a4fb1c2d3e4');
        const add = (name: string, request: InjectOptions, exact = true) => cases.push({ name: `${method.toUpperCase()} ${path} ${name}`, request: { ...base, ...request }, exact });
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in === 'path') {
            add(`path ${parameter.name} NUL`, { url: url({ [parameter.name]: '%00' }) });
            // A lone surrogate has no UTF-8 form: on the wire it is the bytes a naive encoder would produce.
            add(`path ${parameter.name} surrogate bytes`, { url: url({ [parameter.name]: '%ED%A0%80' }) });
          }
          if (parameter.in === 'query') {
            add(`query ${parameter.name} NUL`, { url: `${url()}?${parameter.name}=%00` });
            add(`query ${parameter.name} surrogate bytes`, { url: `${url()}?${parameter.name}=%ED%A0%80` }, false);
            for (const [label, bad] of Object.entries(BAD_TEXT)) {
              for (const json of [{ q: bad }, { [bad]: 'x' }, [bad, 'ASC']]) {
                // Only the JSON parameters (ra-data-simple-rest's) decode the escape into the character itself.
                const isJson = ['sort', 'range', 'filter'].includes(parameter.name);
                add(`query ${parameter.name} JSON with ${label}`, { url: `${url()}?${parameter.name}=${encodeURIComponent(JSON.stringify(json))}` }, isJson);
              }
            }
          }
          if (parameter.in === 'header') {
            for (const [label, bad] of Object.entries(BAD_TEXT)) add(`header ${parameter.name} ${label}`, { url: url(), headers: { ...base.headers, [parameter.name]: bad } });
          }
        }
        for (const [label, bad] of Object.entries(BAD_TEXT)) add(`header user-agent ${label}`, { url: url(), headers: { ...base.headers, 'user-agent': bad } });
        for (const [contentType, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
          for (const property of stringProperties(schema)) {
            if (contentType === 'multipart/form-data') {
              add(`multipart ${property} NUL`, { url: url(), ...multipart({ ...precheckFields(), [property]: BAD_TEXT.NUL }) });
              continue;
            }
            for (const [label, bad] of Object.entries(BAD_TEXT)) add(`body ${property} ${label}`, { url: url(), payload: { formType: 'long', [property]: bad } });
          }
          if (contentType !== 'multipart/form-data') for (const [label, bad] of Object.entries(BAD_TEXT)) add(`body key ${label}`, { url: url(), payload: { [bad]: 'x' } });
        }
      }
    }
    expect(cases.length).toBeGreaterThan(300);

    const failures: string[] = [];
    for (const { name, request, exact } of cases) {
      const res = await t.request(request);
      const wrong = exact ? res.statusCode !== 400 : res.statusCode >= 500;
      if (wrong) failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('says which field holds the bad text and why', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/register', payload: { email: 'a@b.co', password: 'long-enough-1', firstName: 'Ada\u0000', lastName: 'B' } });
    expect(res.json()).toEqual({ statusCode: 400, message: UNSAFE_TEXT_MESSAGE, errors: [{ field: 'firstName', message: UNSAFE_TEXT_MESSAGE }] });
    const key = await t.request({ method: 'POST', url: '/api/auth/login', payload: '{"\\ud800":1}', headers: { 'content-type': 'application/json' } });
    expect(key.json().errors).toEqual([{ field: '\ufffd', message: UNSAFE_TEXT_MESSAGE }]);
    const file = await t.request({
      method: 'POST',
      url: '/api/merchant-applications',
      ...multipart(precheckFields(), [{ field: 'passportId', filename: 'pass\u0000port.pdf', content: PDF }]),
    });
    expect([file.statusCode, file.json().message]).toEqual([400, UNSAFE_TEXT_MESSAGE]);
  });

  it('refuses a __proto__ key anywhere in a JSON body, naming it, instead of dropping it without a word', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: '{"email":"a@b.co","password":"long-enough-1","x":{"\\u005f_proto__":{"admin":true}}}', headers: { 'content-type': 'application/json' } });
    expect(res.json()).toEqual({ statusCode: 400, message: '__proto__ cannot be a key', errors: [{ field: 'x.__proto__', message: '__proto__ cannot be a key' }] });
    const key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(merchantToken) })).json<{ key: string }>().key;
    const stripe = await t.request({
      method: 'POST',
      url: '/v1/payment_intents',
      payload: '{"amount":100,"currency":"gbp","metadata":{"__proto__":{"x":"1"},"ok":"1"}}',
      headers: { ...bearer(key), 'content-type': 'application/json' },
    });
    expect([stripe.statusCode, stripe.json().error]).toEqual([400, { type: 'invalid_request_error', code: 'parameter_invalid', param: 'metadata[__proto__]', message: '__proto__ cannot be a key' }]);
  });

  it('refuses a multipart body where a route reads JSON (415), and changes nothing: the environment is not toggled', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/merchants/current', headers: bearer(merchantToken) })).json<{ environment: string }>().environment;
    const other = before === 'staging' ? 'production' : 'staging';
    for (const environment of [before, other]) {
      const form = multipart({ environment });
      const res = await t.request({ method: 'PATCH', url: '/api/merchants/environment', payload: form.payload, headers: { ...form.headers, ...bearer(merchantToken) } });
      expect([res.statusCode, res.json()]).toEqual([415, { statusCode: 415, message: 'Unsupported content type' }]);
    }
    const after = (await t.request({ method: 'GET', url: '/api/merchants/current', headers: bearer(merchantToken) })).json<{ environment: string }>().environment;
    expect(after).toBe(before);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', ...multipart({ email: 'a@b.co', password: 'long-enough-1' }) });
    expect(login.statusCode).toBe(415);
    // The routes that read one still do.
    const application = await t.request({ method: 'POST', url: '/api/merchant-applications', ...multipart(precheckFields(), [{ field: 'passportId', filename: 'p.pdf', content: PDF }]) });
    expect(application.statusCode).not.toBe(415);
  });

  it('survives a deeply nested JSON body', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
  });
});

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

describe('headers and caching', () => {
  let t: TestApp;
  let staffToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    staffToken = (await createStaff(t)).token;
  });
  afterAll(() => t.close());

  it('sends tokens, keys and every other API answer with Cache-Control: no-store', async () => {
    const { token } = await registerMerchant(t);
    const answers = [
      await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.test', password: 'whatever-123' } }),
      await t.request({ method: 'GET', url: '/api/merchants/api-keys', headers: bearer(token) }),
      await t.request({ method: 'GET', url: '/api/admin/events/export', headers: bearer(staffToken) }),
      await t.request({ method: 'GET', url: '/api/nope' }),
    ];
    expect(answers.map((res) => res.headers['cache-control'])).toEqual(['no-store', 'no-store', 'no-store', 'no-store']);
  });

  it('serves a document under a name and type of our choosing, as an attachment, uncached, with helmet’s headers', async () => {
    const { id, reference } = await createApplication(t, {}, [{ field: 'passportId', filename: 'poly.html', contentType: 'text/html', content: PDF }]);
    const res = await t.request({ method: 'GET', url: `/api/admin/merchant-applications/${id}/documents/passportId`, headers: bearer(staffToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${reference}-passportId.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('keeps helmet’s headers on a CORS preflight', async () => {
    const res = await t.request({ method: 'OPTIONS', url: '/api/auth/login', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not show the PostgreSQL version to anonymous callers or merchants', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health/database' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', responseTime: expect.any(Number) });
    expect(res.body).not.toMatch(/PostgreSQL|\d+\.\d+/);
    const asMerchant = await t.request({ method: 'GET', url: '/api/health/database', headers: bearer((await registerMerchant(t)).token) });
    expect(asMerchant.json()).toEqual({ status: 'ok', responseTime: expect.any(Number) });
  });
});

/** A JWT signed with HMAC-SHA256 (or unsigned, `alg: none`), for sessions we did not issue. */
function jwt(payload: Record<string, unknown>, secret: string | undefined): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${part({ alg: secret === undefined ? 'none' : 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${head}.${secret === undefined ? '' : createHmac('sha256', secret).update(head).digest('base64url')}`;
}

const INJECTIONS = ["' OR '1'='1' --", '"; DROP TABLE events; --', '{"$gt": ""}', '${7*7}{{7*7}}<%= 7*7 %>', '<script>alert(1)</script>', '`id`; $(id) | id', '%00%ff\\u0000', '../../../../etc/passwd'];
const TRAVERSALS = ['..%2F..%2F..%2Fetc%2Fpasswd', '..', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%5C..%5Cwindows%5Cwin.ini', 'a%2F..%2F..%2Fadmin', "1'%20OR%20'1'%3D'1"];
const STACK_TRACE = /\bat .+:\d+:\d+|node_modules|\/src\/|\.ts:\d+|QueryFailedError|syntax error at or near/;

/** What each JSON schema type is not: a value of another type. */
function wrongType(schema: unknown): unknown {
  const text = JSON.stringify(schema ?? {});
  if (/"type":"(integer|number)"/.test(text)) return 'not a number';
  if (/"type":"boolean"/.test(text)) return 'yes';
  if (/"type":"array"/.test(text)) return 'not a list';
  if (/"type":"object"/.test(text)) return 42;
  return 12345;
}

/** Every property of a JSON schema (oneOf/anyOf branches included) with its own schema. */
function properties(schema: unknown, found = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof schema !== 'object' || schema === null) return found;
  const node = schema as { properties?: Record<string, unknown>; oneOf?: unknown[]; anyOf?: unknown[] };
  for (const [name, property] of Object.entries(node.properties ?? {})) found.set(name, property);
  for (const branch of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) properties(branch, found);
  return found;
}

/**
 * Issue 18's bad input sweep: every operation of the OpenAPI document, called by a caller it admits,
 * with malformed JSON, wrong types, oversized strings and bodies, unknown fields (prototype pollution
 * included), injection strings, path traversal in its ids, and expired or forged credentials. Never a
 * 5xx, never a stack trace or SQL in the answer, never a new event or gateway transaction.
 */
describe('bad input sweep over the OpenAPI document', () => {
  let t: TestApp;
  let tokens: { staff: string; merchant: string; key: string };
  let merchantSession: Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp();
    const merchant = await registerMerchant(t);
    const key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(merchant.token) })).json<{ key: string }>().key;
    tokens = { staff: (await createStaff(t)).token, merchant: merchant.token, key };
    merchantSession = JSON.parse(Buffer.from(merchant.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  });
  afterAll(() => t.close());

  /** The log's head and the sandbox's transactions: what any state change moves. */
  const state = async () =>
    JSON.stringify(await t.app.get(DataSource).query(`SELECT (SELECT max(global_position)::text FROM events) AS head, (SELECT count(*)::int FROM sandbox_gateway_transactions) AS sandbox`));

  it('answers every bad request with a 4xx and changes nothing', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/documentation-json' })).json<{ paths: Record<string, Record<string, Operation & { security?: unknown[] }>> }>();
    const secret = 'test-secret-that-is-long-enough-for-hs256';
    const now = Math.floor(Date.now() / 1000);
    const badCredentials = {
      'expired session': jwt({ ...merchantSession, iat: now - 7200, exp: now - 3600 }, secret),
      'session signed with another secret': jwt({ ...merchantSession, role: 'staff' }, 'another-secret-that-is-long-enough-for-hs256'),
      'unsigned session (alg none)': jwt({ ...merchantSession, role: 'staff' }, undefined),
      'garbage token': 'not.a.token',
      'forged secret key': `sk_test_${'0'.repeat(48)}`,
    };
    // A search for an injection string is a search like any other (200, nothing found): never a 5xx.
    const cases: { name: string; request: InjectOptions; expect: 'client error' | 'no server error' | 401 }[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const token = path.startsWith('/api/admin') ? tokens.staff : path.startsWith('/v1') ? tokens.key : tokens.merchant;
        const fill = (param: string | undefined) => path.replace(/\{(\w+)\}/g, (_, name: string) => param ?? (name === 'environment' ? 'staging' : randomUUID()));
        const name = `${method.toUpperCase()} ${path}`;
        const base = { method: method.toUpperCase() as InjectOptions['method'], url: fill(undefined), headers: bearer(token) };
        const add = (label: string, request: Partial<InjectOptions>, expected: (typeof cases)[number]['expect'] = 'client error') =>
          cases.push({ name: `${name} ${label}`, request: { ...base, ...request } as InjectOptions, expect: expected });
        const json = (payload: string) => ({ payload, headers: { ...base.headers, 'content-type': 'application/json' } });
        const isPublic = Array.isArray(operation.security) && operation.security.length === 0;

        for (const traversal of TRAVERSALS) {
          if (!path.includes('{')) continue;
          const url = path.replace(/\{(\w+)\}/g, traversal);
          // A bare `..` segment is resolved by the URL itself (/api/admin/payments/../events is
          // /api/admin/events, a real route): any answer but a server error is right for it.
          add(`path ${traversal}`, { url }, new URL(url, 'http://host').pathname === url ? 'client error' : 'no server error');
        }
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in === 'query') for (const injection of INJECTIONS) add(`query ${parameter.name}=${injection}`, { url: `${base.url}?${parameter.name}=${encodeURIComponent(injection)}` }, 'no server error');
        }
        if (!isPublic) for (const [label, credential] of Object.entries(badCredentials)) add(label, { headers: bearer(credential) }, 401);
        if (method === 'get') continue;

        const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
        const props = properties(schema);
        add('malformed JSON', json('{"amount": 1,'));
        add('a 3 MB body', json(JSON.stringify({ pad: 'x'.repeat(3_000_000) })));
        if (props.size > 0) {
          // Unknown fields in place of the required ones (a body of only optional fields, as the environment
          // switch's, is valid empty): __proto__ and constructor must not reach any object's prototype.
          if (JSON.stringify(schema).includes('"required"')) add('unknown fields', json('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "isAdmin": true, "role": "staff"}'));
          add('wrong types', { payload: Object.fromEntries([...props].map(([key, property]) => [key, wrongType(property)])) });
          for (const key of props.keys()) {
            add(`${key} of 200,000 characters`, { payload: { [key]: 'x'.repeat(200_000) } });
            add(`${key} = injection strings`, { payload: { [key]: INJECTIONS.join(' ') } });
          }
        }
      }
    }
    expect(cases.length).toBeGreaterThan(1000);

    const before = await state();
    const failures: string[] = [];
    for (const { name, request, expect: expected } of cases) {
      const res = await t.request(request);
      const wrong = expected === 401 ? res.statusCode !== 401 : res.statusCode >= 500 || (expected === 'client error' && res.statusCode < 400);
      if (wrong || STACK_TRACE.test(res.body) || res.body.includes('root:x:0:0')) failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(await state()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);
});
