import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InjectOptions } from 'fastify';
import { UNSAFE_TEXT_MESSAGE } from '../src/platform/http/zod-validation.js';
import { createTestApp, type TestApp } from './support/app.js';
import { openApiOperations } from './support/openapi-document.js';
import { bearer, createStaff, registerMerchant } from './support/auth.js';
import { multipart, PDF, precheckFields } from './support/onboarding.js';

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
    const paths = await openApiOperations(t);
    const cases: { name: string; request: InjectOptions; exact: boolean }[] = [];
    for (const [path, operations] of Object.entries(paths)) {
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

  it('refuses a JSON body that names a key twice (JSON.parse would keep the last one, a proxy may read the first): nothing is charged', async () => {
    const key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(merchantToken) })).json<{ key: string }>().key;
    const payments = async () => (await t.request({ method: 'GET', url: '/api/client/payments', headers: bearer(key) })).json<{ data: unknown[] }>().data.length;
    const before = await payments();
    const fields = '"currency":"GBP","customerEmail":"ann@example.com","customerName":"Ann","orderId":"dup-1","paymentMethod":"credit_card","environment":"staging"';
    const res = await t.request({ method: 'POST', url: '/api/client/payments', payload: `{"amount":100,"amount":999999,${fields}}`, headers: { ...bearer(key), 'content-type': 'application/json' } });
    expect([res.statusCode, res.json()]).toEqual([400, { statusCode: 400, message: 'Duplicate key "amount" in JSON body' }]);
    expect(await payments()).toBe(before);
    // The same payment with each key once is taken.
    const once = await t.request({ method: 'POST', url: '/api/client/payments', payload: `{"amount":100,${fields}}`, headers: { ...bearer(key), 'content-type': 'application/json' } });
    expect(once.statusCode).toBe(201);
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
