import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { z } from 'zod';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { CRYPTO_PAYMENT } from './support/crypto.js';
import { completedPayment, PAYMENT } from './support/payments.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/**
 * The served OpenAPI document is what integrators generate clients from: it must be valid, lint clean,
 * and good enough for a generated client to type-check.
 */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Record<string, unknown>;
  let dir: string;
  beforeAll(async () => {
    // Listening: a payment is paid through the sandbox gateway over HTTP. Webhook endpoints may be on a loopback address.
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { listen: true });
    document = (await t.request({ method: 'GET', url: '/api/documentation-json' })).json();
    dir = await mkdtemp(join(tmpdir(), 'tallyline-openapi-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await t.close();
  });

  it('is a valid OpenAPI document (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('passes `redocly lint` with no error', async () => {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const lint = run(join(repoRoot, 'node_modules/.bin/redocly'), ['lint', file, '--format=stylish'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    // The CLI exits non-zero on errors; its report says which.
    await expect(lint.then(() => 'clean', (error: { stdout: string; stderr: string }) => `${error.stdout}\n${error.stderr}`)).resolves.toBe('clean');
  });

  it('documents the Idempotency-Key header of the dashboard\'s refund route', () => {
    const paths = document.paths as Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>>;
    const refund = paths['/api/transactions/{id}/refund']?.post;
    expect(refund?.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false }));
  });

  it.each(['/api/crypto-payments/create', '/api/client/crypto-payments'])('documents the Idempotency-Key header of POST %s', (path) => {
    const paths = document.paths as Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>>;
    expect(paths[path]?.post?.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false }));
  });

  it('generates types (openapi-typescript) that a small client type-checks against', async () => {
    await writeFile(join(dir, 'api.d.ts'), astToString(await openapiTS(document as never)));
    await writeFile(
      join(dir, 'client.ts'),
      `import type { paths } from './api.js';

type Login = paths['/api/auth/login']['post'];
type StatusChange = paths['/api/admin/merchant-applications/{id}/status']['patch'];

export const login: Login['requestBody'] = { content: { 'application/json': { email: 'a@b.co', password: 'secret-123' } } };
export const change: NonNullable<StatusChange['requestBody']>['content']['application/json'] = { status: 'approved', reviewNotes: 'ok' };
export const id: StatusChange['parameters']['path']['id'] = 'APP-1';
// @ts-expect-error: not a status the API accepts
export const wrong: NonNullable<StatusChange['requestBody']>['content']['application/json'] = { status: 'maybe' };

type CreatedPayment = paths['/api/client/payments']['post']['responses'][201]['content']['application/json'];
declare const created: CreatedPayment;
export const paymentId: string = created.id;
export const amount: string = created.amount;
export const status: 'pending' | 'requires_action' | 'completed' | 'failed' | 'refunded' | 'canceled' | 'disputed' = created.status;
export const redirectUrl: string = created.redirectUrl;
// @ts-expect-error: a payment has no such field
export const notAField = created.amountInCents;
type Page = paths['/api/client/payments']['get']['responses'][200]['content']['application/json'];
declare const page: Page;
export const firstId: string | undefined = page.data[0]?.id;
export const nextCursor: string | null = page.nextCursor;
`,
    );
    const program = ts.createProgram([join(dir, 'client.ts')], { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });

  /**
   * The document's response schemas are true: real answers of the integrator API, each checked against
   * the schema the document states for its operation and status (read back by zod's JSON Schema reader,
   * not the zod schema it was made from).
   */
  it('states response schemas that the real answers match', async () => {
    const { token } = await registerMerchant(t);
    const key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json<{ key: string }>().key;
    const paths = document.paths as Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
    const components = document.components as { schemas: Record<string, unknown> };
    const failures: string[] = [];
    /** Calls `path` (its {params} filled from `params`) and checks the answer against the documented schema; the body. */
    const check = async (method: 'GET' | 'POST' | 'PATCH', path: string, status: number, options: { payload?: object; params?: Record<string, string>; query?: string; auth?: string } = {}) => {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => options.params?.[name] ?? '') + (options.query ?? '');
      const res = await t.request({ method, url, headers: bearer(options.auth ?? key), ...(options.payload ? { payload: options.payload } : {}) });
      const name = `${method} ${path} ${status}`;
      if (res.statusCode !== status) {
        failures.push(`${name}: answered ${res.statusCode} ${res.body}`);
        return {} as Record<string, unknown>;
      }
      const responses = paths[path]?.[method.toLowerCase()]?.responses;
      // A status of its own, or its class (4XX: the error shape, a $ref to the components' schema).
      const stated = (responses?.[String(status)] ?? responses?.[`${String(status).charAt(0)}XX`])?.content?.['application/json']?.schema as { $ref?: string } | undefined;
      const schema = stated?.$ref ? components.schemas[stated.$ref.replace('#/components/schemas/', '')] : stated;
      if (!schema) {
        failures.push(`${name}: no response schema in the document`);
        return res.json<Record<string, unknown>>();
      }
      const validator = z.fromJSONSchema(schema as never);
      // The schema read back says something: an empty object is not every answer.
      if (validator.safeParse({}).success) failures.push(`${name}: the documented schema accepts {}`);
      const result = validator.safeParse(res.json());
      if (!result.success) failures.push(`${name}: ${z.prettifyError(result.error)}\n${res.body}`);
      return res.json<Record<string, unknown>>();
    };

    // Card payments, behind their three doors.
    const payment = await check('POST', '/api/client/payments', 201, { payload: PAYMENT });
    await check('POST', '/api/payments', 201, { payload: { ...PAYMENT, orderId: 'order-2', description: 'Two', returnUrl: 'https://shop.example/back' } });
    await check('POST', '/api/payments/create', 201, { payload: { ...PAYMENT, orderId: 'order-3' } });
    for (const path of ['/api/client/payments', '/api/payments']) {
      await check('GET', path, 200);
      await check('GET', path, 200, { query: '?limit=1' });
      await check('GET', `${path}/{id}`, 200, { params: { id: String(payment.id) } });
    }

    // Crypto payments, exchange rates and currencies.
    const crypto = await check('POST', '/api/client/crypto-payments', 201, { payload: CRYPTO_PAYMENT });
    await check('POST', '/api/crypto-payments/create', 201, { payload: { ...CRYPTO_PAYMENT, orderId: undefined, customerName: undefined } });
    await check('GET', '/api/client/crypto-payments', 200);
    await check('GET', '/api/crypto-payments', 200);
    await check('GET', '/api/crypto-payments/{id}', 200, { params: { id: String((crypto.payment as { id: string }).id) } });
    await check('GET', '/api/client/exchange-rates', 200, { query: '?from=EUR&to=BTC' });
    await check('GET', '/api/client/exchange-rates', 200, { query: '?from=EUR&to=USDT&amount=12.50' });
    await check('GET', '/api/crypto-payments/exchange-rate', 200, { query: '?fromCurrency=GBP&toCrypto=ETH' });
    await check('GET', '/api/client/currencies', 200);
    await check('GET', '/api/crypto-payments/currencies', 200);

    // Who the caller is, and its figures (with a completed and a refunded payment in them).
    const paid = await completedPayment(t, token);
    await check('POST', '/api/transactions/{id}/refund', 200, { params: { id: paid }, payload: { amount: 2500 }, auth: token });
    await check('GET', '/api/transactions', 200, { auth: token });
    await check('GET', '/api/client/merchant', 200);
    await check('GET', '/api/client/merchant', 200, { auth: token });
    await check('GET', '/api/client/stats', 200);
    await check('GET', '/api/client/documentation', 200);

    // Webhook endpoints.
    const endpoint = await check('POST', '/api/webhook-endpoints', 201, { payload: { url: 'http://127.0.0.1:9/hooks', description: 'Orders', eventTypes: ['payment.completed'] } });
    const params = { id: String(endpoint.id) };
    await check('GET', '/api/webhook-endpoints', 200);
    await check('GET', '/api/webhook-endpoints/{id}', 200, { params });
    await check('PATCH', '/api/webhook-endpoints/{id}', 200, { params, payload: { enabled: false } });
    await check('POST', '/api/webhook-endpoints/{id}/rotate-secret', 200, { params });
    await check('GET', '/api/webhook-endpoints/{id}/deliveries', 200, { params });
    await check('POST', '/api/webhook-endpoints/{id}/replay', 202, { params, query: `?since=${encodeURIComponent(new Date(0).toISOString())}` });

    // Errors: one shape, stated once (4XX, 5XX) for every operation but the Stripe-compatible ones.
    await check('POST', '/api/client/payments', 400, { payload: { ...PAYMENT, amount: 0, returnURL: 'https://shop.example' } });
    await check('GET', '/api/client/payments/{id}', 404, { params: { id: 'no-such-payment' } });
    await check('POST', '/api/transactions/{id}/refund', 409, { params: { id: String(payment.id) }, payload: {}, auth: token });
    await check('POST', '/api/webhook-endpoints', 400, { payload: { url: 'not a url' } });
    expect(Object.keys(paths['/v1/payment_intents']?.post?.responses ?? {})).not.toContain('4XX');

    expect(failures).toEqual([]);
  });
});
