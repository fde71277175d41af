import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InjectOptions } from 'fastify';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './support/app.js';
import { openApiOperations } from './support/openapi-document.js';
import { bearer, createStaff, registerMerchant } from './support/auth.js';

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
    const paths = await openApiOperations(t);
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
    for (const [path, operations] of Object.entries(paths)) {
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
