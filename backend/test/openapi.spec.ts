import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ProcessorHealth } from '../src/health/processor-health.js';
import { SANDBOX_PRIVATE_KEY } from '../src/sandbox-gateway/protocol.js';
import { createTestApp, type TestApp } from './support/app.js';
import { caughtUp } from './support/caught-up.js';
import { bearer, createStaff, PASSWORD, registerMerchant, registerUser, resetMails, resetTokenIn } from './support/auth.js';
import { CRYPTO_PAYMENT, createCryptoPayment } from './support/crypto.js';
import { createApplication, longForm, PDF, precheckFields } from './support/onboarding.js';
import { CARDS, cardToken, completedPayment, createPayment, ipnFor, PAYMENT, referencesOf } from './support/payments.js';
import { present } from './support/present.js';

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

  type Stated = { headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown }> };

  /**
   * A checker of real answers against the document: `check` calls `path` (its {params} filled from
   * `params`) as `auth` (the default's bearer, or no Authorization with null), with `headers`, and checks
   * the answer against what the document states for its operation and status: the JSON body against the
   * schema (read back by zod's JSON Schema reader, not the zod schema it was made from), no body where
   * none is stated, a stated type for a file, each stated header. It returns the body; what does not
   * match is collected in `failures`.
   */
  function answersChecker(defaultAuth: string | null) {
    const paths = document.paths as Record<string, Record<string, { responses?: Record<string, Stated> }>>;
    const components = document.components as { schemas: Record<string, unknown> };
    const failures: string[] = [];
    const check = async (
      method: 'GET' | 'POST' | 'PATCH',
      path: string,
      status: number,
      options: { payload?: object | string; params?: Record<string, string>; query?: string; auth?: string | null; headers?: Record<string, string> } = {},
    ) => {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => options.params?.[name] ?? '') + (options.query ?? '');
      const auth = options.auth === undefined ? defaultAuth : options.auth;
      const headers = { ...options.headers, ...(auth === null ? {} : bearer(auth)) };
      const res = await t.request({ method, url, headers, ...(options.payload ? { payload: options.payload } : {}) });
      const name = `${method} ${path} ${status}`;
      if (res.statusCode !== status) {
        failures.push(`${name}: answered ${res.statusCode} ${res.body}`);
        return {} as Record<string, unknown>;
      }
      const responses = paths[path]?.[method.toLowerCase()]?.responses;
      // A status of its own, or its class (4XX: the error shape, a $ref to the components' schema).
      const response = responses?.[String(status)] ?? responses?.[`${String(status).charAt(0)}XX`];
      for (const header of Object.keys(response?.headers ?? {})) {
        if (res.headers[header.toLowerCase()] === undefined) failures.push(`${name}: no ${header} header, which the document states`);
      }
      if (response && !response.content) {
        if (res.body !== '') failures.push(`${name}: the document states no body, the answer has one: ${res.body}`);
        return {} as Record<string, unknown>;
      }
      // A file: its type must be one the document states; its bytes are the file's, no schema to check.
      const type = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
      if (response?.content && type !== 'application/json') {
        if (!response.content[type]) failures.push(`${name}: answered ${type}, which the document does not state`);
        return {} as Record<string, unknown>;
      }
      const stated = response?.content?.['application/json']?.schema as { $ref?: string } | undefined;
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
    return { check, failures };
  }

  /** The document's response schemas are true: real answers of the integrator API. */
  it('states response schemas that the real answers match', async () => {
    const { token } = await registerMerchant(t);
    const key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json<{ key: string }>().key;
    const { check, failures } = answersChecker(key);
    const paths = document.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>;

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

    // Errors: one shape, stated once (4XX, 5XX) for every operation but the Stripe-compatible ones, which state Stripe's.
    await check('POST', '/api/client/payments', 400, { payload: { ...PAYMENT, amount: 0, returnURL: 'https://shop.example' } });
    await check('GET', '/api/client/payments/{id}', 404, { params: { id: 'no-such-payment' } });
    await check('POST', '/api/transactions/{id}/refund', 409, { params: { id: String(payment.id) }, payload: {}, auth: token });
    await check('POST', '/api/webhook-endpoints', 400, { payload: { url: 'not a url' } });
    await check('POST', '/v1/payment_intents', 400, { payload: { amount: -1, currency: 'usd' } });
    // A decline: 402, a card_error carrying the PaymentIntent.
    const declined = await check('POST', '/v1/payment_intents', 402, { payload: { amount: 2000, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true } });
    expect(declined).toMatchObject({ error: { type: 'card_error', decline_code: 'generic_decline', payment_intent: { status: 'requires_payment_method' } } });
    await check('GET', '/v1/payment_intents/{intent}', 404, { params: { intent: 'pi_nosuchintent' } });
    await check('GET', '/v1/payment_intents', 401, { auth: null });
    await check('GET', '/v1/payment_intents', 401, { auth: 'sk_test_wrong' });
    expect(paths['/v1/payment_intents']?.post?.responses?.['4XX']).toEqual({ description: expect.any(String), content: { 'application/json': { schema: { $ref: '#/components/schemas/StripeError' } } } });

    expect(failures).toEqual([]);
  });

  /** The same of the routes the web apps call: the hosted payment page's, signing in and out, the dashboard's merchant. */
  it('states response schemas that the real answers of the checkout, auth and merchant routes match', async () => {
    const { check, failures } = answersChecker(null);

    // An account: signed up, in and out; its password changed, then reset through the mailed link.
    const email = `openapi-${randomUUID()}@example.test`;
    await check('POST', '/api/auth/register', 201, { payload: { email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' } });
    const signedIn = await check('POST', '/api/auth/login', 200, { payload: { email, password: PASSWORD } });
    const changed = await check('POST', '/api/auth/password', 200, { payload: { currentPassword: PASSWORD, newPassword: 'a-changed-password-456' }, auth: String(signedIn.token) });
    await check('GET', '/api/auth/user', 200, { auth: String(changed.token) });
    await check('GET', '/api/auth/user', 200, { auth: (await createStaff(t)).token });
    await check('POST', '/api/auth/password-reset', 202, { payload: { email } });
    await check('POST', '/api/auth/password-reset/confirm', 200, { payload: { token: resetTokenIn((await resetMails(t, email)).at(-1)?.body), newPassword: PASSWORD } });
    const session = String((await check('POST', '/api/auth/login', 200, { payload: { email, password: PASSWORD } })).token);
    await check('POST', '/api/auth/logout', 204, { auth: session });
    await check('GET', '/api/auth/user', 401, { auth: session });
    await check('POST', '/api/auth/login', 401, { payload: { email, password: 'not-the-password' } });
    await check('POST', '/api/auth/register', 409, { payload: { email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' } });
    await check('POST', '/api/auth/password-reset/confirm', 400, { payload: { token: 'not-a-link', newPassword: PASSWORD } });

    // A merchant: registered, its keys (none, then one), its environment switched to staging, where its payments are.
    const { token, user } = await registerUser(t);
    const merchantAuth = { auth: token };
    await check('GET', '/api/merchants/current', 404, merchantAuth);
    const merchant = { companyName: 'Acme Ltd', email: user.email, website: null, businessType: 'SaaS' };
    await check('POST', '/api/merchants/register', 201, { payload: merchant, ...merchantAuth });
    await check('POST', '/api/merchants/register', 409, { payload: merchant, ...merchantAuth });
    await check('GET', '/api/merchants/current', 200, merchantAuth);
    await check('GET', '/api/merchants/api-keys', 200, merchantAuth);
    await check('POST', '/api/merchants/api-keys/{environment}/rotate', 201, { params: { environment: 'staging' }, ...merchantAuth });
    await check('GET', '/api/merchants/api-keys', 200, merchantAuth);
    await check('POST', '/api/merchants/api-keys/{environment}/rotate', 400, { params: { environment: 'test' }, ...merchantAuth });
    await check('PATCH', '/api/merchants/environment', 200, { payload: { environment: 'staging' }, ...merchantAuth });
    await check('PATCH', '/api/merchants/environment', 400, { payload: { environmnt: 'production' }, ...merchantAuth });
    await check('GET', '/api/merchants/ipn', 200, merchantAuth);
    await check('GET', '/api/merchants/stats', 200, merchantAuth);
    await check('GET', '/api/merchants/analytics', 200, merchantAuth);

    // The hosted payment page: a payment pending, paid, declined, and waiting for 3-D Secure.
    const paidId = await createPayment(t, token, { description: 'Two mugs', returnUrl: 'https://shop.example/back', customerCountry: 'GB' });
    const paid = { params: { id: paidId } };
    await check('GET', '/api/checkout/{id}', 200, paid);
    await check('POST', '/api/checkout/{id}/pay', 200, { ...paid, payload: { token: await cardToken(t, CARDS.approve) } });
    await check('GET', '/api/checkout/{id}', 200, paid);
    const declined = { params: { id: await createPayment(t, token, { orderId: 'order-2' }) } };
    await check('POST', '/api/checkout/{id}/pay', 200, { ...declined, payload: { token: await cardToken(t, CARDS.decline) } });
    await check('GET', '/api/checkout/{id}', 200, declined);
    const threeDS = { params: { id: await createPayment(t, token, { orderId: 'order-3', returnUrl: 'https://shop.example/back' }) } };
    await check('POST', '/api/checkout/{id}/pay', 200, { ...threeDS, payload: { token: await cardToken(t, CARDS.threeDSecure) } });
    await check('GET', '/api/checkout/{id}', 200, threeDS);
    await check('GET', '/api/checkout/{id}/3ds-return', 303, threeDS);
    await check('GET', '/api/checkout/{id}/3ds-return', 303, paid);
    await check('POST', '/api/checkout/{id}/pay', 409, { ...paid, payload: { token: await cardToken(t, CARDS.approve) } });
    await check('POST', '/api/checkout/{id}/pay', 400, { ...declined, payload: {} });
    await check('GET', '/api/checkout/{id}', 404, { params: { id: 'no-such-payment' } });
    await check('GET', '/api/checkout/{id}/3ds-return', 404, { params: { id: 'no-such-payment' } });

    // The dashboard's figures, now of those payments (in GBP, in and without a country).
    await check('GET', '/api/merchants/stats', 200, merchantAuth);
    await check('GET', '/api/merchants/analytics', 200, { ...merchantAuth, query: '?days=7' });
    await check('GET', '/api/merchants/analytics', 400, { ...merchantAuth, query: '?days=0' });
    await check('GET', '/api/merchants/stats', 403, { auth: (await createStaff(t)).token });

    expect(failures).toEqual([]);
  });

  /** The same of the dashboard's payment methods and payment timeline, the hosted crypto page, the application form, health and the gateway's IPN. */
  it('states response schemas that the real answers of the payment methods, crypto checkout, merchant application, timeline, health and IPN routes match', async () => {
    const { token } = await registerMerchant(t);
    const { check, failures } = answersChecker(token);

    // Payment methods: none, one with the type's fees, one with its own, one configured.
    await check('GET', '/api/payment-methods', 200);
    await check('POST', '/api/payment-methods', 201, { payload: { name: 'Cards', type: 'credit_card' } });
    const wallet = await check('POST', '/api/payment-methods', 201, { payload: { name: 'Wallet', type: 'digital_wallet', isActive: false, processingFee: 1.5, fixedFee: '0.25' } });
    await check('PATCH', '/api/payment-methods/{id}', 200, { params: { id: String(wallet.id) }, payload: { isActive: true, fixedFee: 1 } });
    await check('GET', '/api/payment-methods', 200);
    await check('POST', '/api/payment-methods', 400, { payload: { name: '', type: 'cheque' } });
    await check('PATCH', '/api/payment-methods/{id}', 400, { params: { id: String(wallet.id) }, payload: {} });
    await check('PATCH', '/api/payment-methods/{id}', 404, { params: { id: randomUUID() }, payload: { name: 'Gone' } });
    await check('GET', '/api/payment-methods', 404, { auth: (await registerUser(t)).token });

    // The hosted crypto page: a payment pending, confirmed and failed (staging), one in production.
    const bitcoin = { params: { id: (await createCryptoPayment(t, token)).id }, auth: null };
    await check('GET', '/api/crypto-checkout/{id}', 200, bitcoin);
    await check('POST', '/api/crypto-checkout/{id}/simulate', 200, { ...bitcoin, payload: { outcome: 'confirm' } });
    await check('GET', '/api/crypto-checkout/{id}', 200, bitcoin);
    const ether = { params: { id: (await createCryptoPayment(t, token, { targetCrypto: 'ETH', orderId: 'order-2' })).id }, auth: null };
    await check('POST', '/api/crypto-checkout/{id}/simulate', 200, { ...ether, payload: { outcome: 'fail' } });
    await check('POST', '/api/crypto-checkout/{id}/simulate', 409, { ...ether, payload: { outcome: 'confirm' } });
    await check('POST', '/api/crypto-checkout/{id}/simulate', 400, { ...ether, payload: { outcome: 'maybe' } });
    const production = { params: { id: (await createCryptoPayment(t, token, { environment: 'production', orderId: 'order-3' })).id }, auth: null };
    await check('POST', '/api/crypto-checkout/{id}/simulate', 403, { ...production, payload: { outcome: 'confirm' } });
    await check('GET', '/api/crypto-checkout/{id}', 404, { params: { id: randomUUID() }, auth: null });

    // Applying: the pre-check form (JSON, no documents) by a visitor, the long form by the signed-in merchant.
    await check('POST', '/api/merchant-applications', 201, { payload: precheckFields(), auth: null });
    await check('POST', '/api/merchant-applications', 201, { payload: longForm() });
    await check('POST', '/api/merchant-applications', 400, { payload: longForm({ email: 'not an address' }), auth: null });

    // A payment's timeline: created, paid and partly refunded by the merchant; another's payment is unknown.
    const paid = { params: { id: await completedPayment(t, token) } };
    await check('POST', '/api/transactions/{id}/refund', 200, { ...paid, payload: { amount: 1000 } });
    await check('GET', '/api/transactions/{id}/events', 200, paid);
    await check('GET', '/api/transactions/{id}/events', 404, { ...paid, auth: (await registerMerchant(t)).token });
    await check('GET', '/api/transactions/{id}/events', 404, { params: { id: 'no-such-payment' } });
    const staff = (await createStaff(t)).token;
    await check('GET', '/api/transactions/{id}/events', 403, { ...paid, auth: staff });

    // Health: the status to anyone, the details to staff, a NUL in the query refused (as on every route); then a database that fails (503).
    await check('GET', '/api/health', 200, { auth: null });
    await check('GET', '/api/health', 200);
    await check('GET', '/api/health', 200, { auth: staff });
    await check('GET', '/api/health', 400, { auth: null, query: '?probe=%00' });
    const database = t.app.get(DataSource);
    const query = database.query.bind(database);
    const failing = jest.spyOn(database, 'query').mockImplementation((sql: string, ...rest) => (sql === 'SELECT 1' ? Promise.reject(new Error('down')) : query(sql, ...rest)));
    await check('GET', '/api/health', 503, { auth: null });
    failing.mockRestore();
    jest.spyOn(t.app.get(ProcessorHealth), 'oldestTransaction').mockRejectedValueOnce(new Error('down'));
    await check('GET', '/api/health', 503, { auth: staff });

    // The gateway's IPN: the one of the paid payment's attempt, delivered again (the same answer), forged (400), to another gateway's URL (404).
    const gateway = { params: { gateway: 'sandbox' }, auth: null };
    const genuine = await ipnFor(database, present((await referencesOf(database, paid.params.id, 'attempt'))[0], "the attempt's reference"));
    await check('POST', '/api/webhooks/{gateway}', 200, { ...gateway, payload: genuine });
    await check('POST', '/api/webhooks/{gateway}', 400, { ...gateway, payload: { ...genuine, Transaction_Amount: 1 } });
    await check('POST', '/api/webhooks/{gateway}', 400, { ...gateway, payload: {} });
    await check('POST', '/api/webhooks/{gateway}', 404, { params: { gateway: 'another' }, payload: genuine, auth: null });

    expect(failures).toEqual([]);
  });

  /** The same of the back-office's routes (react-admin's lists answer an array and its total in Content-Range). */
  it('states response schemas that the real answers of the staff routes match', async () => {
    const staff = (await createStaff(t)).token;
    const { check, failures } = answersChecker(staff);
    const merchant = await registerMerchant(t);
    const list = (parameters: Record<string, unknown>) => `?${new URLSearchParams(Object.fromEntries(Object.entries(parameters).map(([name, value]) => [name, JSON.stringify(value)]))).toString()}`;

    // Payments: a paid and partly refunded one, a declined one; a page, an empty page, one payment and its timeline.
    const paid = { params: { id: await completedPayment(t, merchant.token) } };
    await check('POST', '/api/transactions/{id}/refund', 200, { ...paid, payload: { amount: 1000 }, auth: merchant.token });
    const declined = await createPayment(t, merchant.token, { orderId: 'order-2' });
    await t.request({ method: 'POST', url: `/api/checkout/${declined}/pay`, payload: { token: await cardToken(t, CARDS.decline) } });
    await check('GET', '/api/admin/payments', 200);
    await check('GET', '/api/admin/payments', 200, { query: list({ sort: ['amount', 'ASC'], range: [0, 0], filter: { merchantId: merchant.merchant.id, refunded: true } }) });
    await check('GET', '/api/admin/payments', 200, { query: list({ filter: { q: 'no-such-order' } }) });
    await check('GET', '/api/admin/payments/{id}', 200, paid);
    await check('GET', '/api/admin/payments/{id}', 200, { params: { id: declined } });
    await check('GET', '/api/admin/payments/{id}/events', 200, paid);
    await check('GET', '/api/admin/payments', 400, { query: list({ sort: ['customerEmail', 'ASC'] }) });
    await check('GET', '/api/admin/payments', 400, { query: '?limit=10' });
    await check('GET', '/api/admin/payments', 403, { auth: merchant.token });
    await check('GET', '/api/admin/payments/{id}', 404, { params: { id: randomUUID() } });
    await check('GET', '/api/admin/payments/{id}/events', 404, { params: { id: 'no-such-payment' } });
    await check('GET', '/api/admin/payments/{id}/events', 403, { ...paid, auth: merchant.token });

    // Merchants: one with a website and one without; a page, a filtered and an empty one, each merchant.
    const noWebsite = (await registerMerchant(t, { website: null })).merchant;
    await check('GET', '/api/admin/merchants', 200);
    await check('GET', '/api/admin/merchants', 200, { query: list({ sort: ['companyName', 'ASC'], range: [0, 1], filter: { isActive: true, environment: 'staging' } }) });
    await check('GET', '/api/admin/merchants', 200, { query: list({ filter: { q: 'no such company' } }) });
    await check('GET', '/api/admin/merchants/{id}', 200, { params: { id: merchant.merchant.id } });
    await check('GET', '/api/admin/merchants/{id}', 200, { params: { id: noWebsite.id } });
    await check('GET', '/api/admin/merchants', 400, { query: list({ filter: { colour: 'blue' } }) });
    await check('GET', '/api/admin/merchants', 400, { query: list({ range: [5, 1] }) });
    await check('GET', '/api/admin/merchants', 403, { auth: merchant.token });
    await check('GET', '/api/admin/merchants/{id}', 404, { params: { id: randomUUID() } });

    // Applications: a pre-check one with a document, a long one; listed, read (now and as they stood), their history; one reviewed twice.
    const precheck = { params: { id: (await createApplication(t, {}, [{ field: 'passportId', filename: 'passport.pdf', content: PDF, contentType: 'application/pdf' }])).id } };
    const long = { params: { id: String((await check('POST', '/api/merchant-applications', 201, { payload: longForm(), auth: merchant.token })).id) } };
    await check('GET', '/api/admin/merchant-applications', 200);
    await check('GET', '/api/admin/merchant-applications', 200, { query: list({ sort: ['companyName', 'ASC'], range: [0, 0], filter: { status: 'pending' } }) });
    await check('GET', '/api/admin/merchant-applications', 200, { query: list({ filter: { q: 'no such company' } }) });
    await check('GET', '/api/admin/merchant-applications/{id}', 200, precheck);
    await check('GET', '/api/admin/merchant-applications/{id}', 200, long);
    await check('PATCH', '/api/admin/merchant-applications/{id}/status', 200, { ...long, payload: { status: 'under_review' }, headers: { 'if-match': '"0"' } });
    await check('PATCH', '/api/admin/merchant-applications/{id}/status', 200, { ...long, payload: { status: 'rejected', reviewNotes: 'No licence' } });
    await check('GET', '/api/admin/merchant-applications/{id}', 200, { ...long, query: `?asOf=${encodeURIComponent(new Date().toISOString())}` });
    await check('GET', '/api/admin/merchant-applications/{id}/history', 200, long);
    await check('GET', '/api/admin/merchant-applications/{id}/history', 200, precheck);
    await check('GET', '/api/admin/merchant-applications/{id}/documents/{field}', 200, { params: { ...precheck.params, field: 'passportId' } });
    await check('GET', '/api/admin/merchant-applications/{id}/documents/{field}', 404, { params: { ...long.params, field: 'passportId' } });
    await check('GET', '/api/admin/merchant-applications/{id}/documents/{field}', 404, { params: { ...precheck.params, field: 'selfie' } });
    await check('PATCH', '/api/admin/merchant-applications/{id}/status', 412, { ...long, payload: { status: 'approved' }, headers: { 'if-match': '"0"' } });
    await check('PATCH', '/api/admin/merchant-applications/{id}/status', 400, { ...long, payload: { status: 'maybe' } });
    await check('GET', '/api/admin/merchant-applications/{id}', 400, { ...long, query: '?asOf=yesterday' });
    await check('GET', '/api/admin/merchant-applications', 400, { query: list({ filter: { status: 'lost' } }) });
    await check('GET', '/api/admin/merchant-applications/{id}', 404, { params: { id: randomUUID() } });
    await check('GET', '/api/admin/merchant-applications/{id}/history', 404, { params: { id: randomUUID() } });
    await check('GET', '/api/admin/merchant-applications', 403, { auth: merchant.token });

    // The applications chart: the default window, a week, a window too long (400).
    await check('GET', '/api/admin/stats/applications-per-day', 200);
    await check('GET', '/api/admin/stats/applications-per-day', 200, { query: '?days=7' });
    await check('GET', '/api/admin/stats/applications-per-day', 400, { query: '?days=367' });
    await check('GET', '/api/admin/stats/applications-per-day', 403, { auth: merchant.token });

    // The event log, once it has every event above: a page, one stream's page (its review by staff, its submission by a visitor), each of those events, the types, the exports.
    await caughtUp(t);
    await check('GET', '/api/admin/events', 200);
    const reviewed = await check('GET', '/api/admin/events', 200, { query: list({ sort: ['position', 'DESC'], range: [0, 0], filter: { stream: `application-${long.params.id}` } }) });
    const submitted = await check('GET', '/api/admin/events', 200, { query: list({ filter: { stream: `application-${precheck.params.id}` } }) });
    await check('GET', '/api/admin/events', 200, { query: list({ filter: { actor: 'no-such-actor' } }) });
    for (const event of [reviewed, submitted] as unknown as { id: string }[][]) await check('GET', '/api/admin/events/{id}', 200, { params: { id: present(event[0], 'an event').id } });
    await check('GET', '/api/admin/events/types', 200);
    await check('GET', '/api/admin/events/export', 200, { query: `?stream=application-${long.params.id}` });
    await check('GET', '/api/admin/events/export', 200);
    await check('GET', '/api/admin/events', 400, { query: list({ filter: { colour: 'blue' } }) });
    await check('GET', '/api/admin/events/export', 400, { query: '?stream=' });
    await check('GET', '/api/admin/events/export', 404, { query: `?stream=application-${randomUUID()}` });
    await check('GET', '/api/admin/events/{id}', 404, { params: { id: randomUUID() } });
    await check('GET', '/api/admin/events/types', 403, { auth: merchant.token });

    // A processor's retry: asked (as it is of one that has not failed), of no such processor (404), by a merchant (403).
    await check('POST', '/api/admin/processors/{name}/retry', 202, { params: { name: 'users' } });
    await check('POST', '/api/admin/processors/{name}/retry', 404, { params: { name: 'nope' } });
    await check('POST', '/api/admin/processors/{name}/retry', 403, { params: { name: 'users' }, auth: merchant.token });

    expect(failures).toEqual([]);
  });

  /** The same of the sandbox gateway: its protocol, as our adapter calls it, and its 3-D Secure page, as the payer's browser does. */
  it('states response schemas that the real answers of the sandbox gateway match', async () => {
    const { check, failures } = answersChecker(null);
    const key = { PrivateMerchantKey: SANDBOX_PRIVATE_KEY };
    const card = { cardNumber: CARDS.threeDSecure, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };

    // A token, described; a session key; a sale waiting for 3-D Secure, approved on the page; a repeat of it; a declined one.
    const token = String((await check('POST', '/api/sandbox-gateway/tokens', 201, { payload: card })).token);
    await check('POST', '/api/sandbox-gateway/tokens/describe', 200, { payload: { ...key, Token: token } });
    const SessionKey = String((await check('POST', '/api/sandbox-gateway/CreateSessionKey', 200, { payload: key })).SessionKey);
    const sale = (Token: string, Merchant: string = randomUUID()) => ({
      ...key,
      SessionKey,
      RequestType: 0,
      Token,
      Request: { Transaction: { Amount: 2500, Currency: 'GBP' }, Customer: { Email: 'ann@example.com' }, References: { Merchant } },
      End3DSHostPostbackURL: 'https://shop.test/3ds-done',
    });
    const reference = randomUUID();
    const pending = await check('POST', '/api/sandbox-gateway/PayWithToken', 200, { payload: sale(token, reference) });
    const threeDS = { params: { id: (pending.Transaction as { Id: string }).Id } };
    const form = { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' };
    await check('GET', '/api/sandbox-gateway/3ds/{id}', 200, threeDS);
    await check('POST', '/api/sandbox-gateway/3ds/{id}/{decision}', 303, { params: { ...threeDS.params, decision: 'approve' }, ...form });
    await check('POST', '/api/sandbox-gateway/3ds/{id}/{decision}', 303, { params: { ...threeDS.params, decision: 'fail' }, ...form });
    await check('GET', '/api/sandbox-gateway/3ds/{id}', 409, threeDS);
    await check('POST', '/api/sandbox-gateway/PayWithToken', 200, { payload: sale(token, reference) });
    const declinedToken = String((await check('POST', '/api/sandbox-gateway/tokens', 201, { payload: { ...card, cardNumber: CARDS.decline } })).token);
    await check('POST', '/api/sandbox-gateway/PayWithToken', 200, { payload: sale(declinedToken) });

    // Refunds of the approved sale: part of it, then more than remains (Result 1); the sale and the refund checked.
    const refund = (Amount: number, Merchant: string = randomUUID()) => ({ ...key, SessionKey, RequestType: 2, TransactionId: threeDS.params.id, Request: { Transaction: { Amount, Currency: 'GBP' }, References: { Merchant } } });
    const refunded = await check('POST', '/api/sandbox-gateway/AdjustTransaction', 200, { payload: refund(1000) });
    await check('POST', '/api/sandbox-gateway/AdjustTransaction', 200, { payload: refund(5000) });
    await check('POST', '/api/sandbox-gateway/CheckTransaction', 200, { payload: { ...key, TransactionId: threeDS.params.id } });
    await check('POST', '/api/sandbox-gateway/CheckTransaction', 200, { payload: { ...key, Request: { References: { Merchant: reference } } } });
    const refundId = (refunded.Transaction as { Id: string }).Id;
    await check('POST', '/api/sandbox-gateway/CheckTransaction', 200, { payload: { ...key, TransactionId: refundId } });

    // The dispute test card: once its bank has disputed the approved sale (a moment later), CheckTransaction says so.
    const disputeToken = String((await check('POST', '/api/sandbox-gateway/tokens', 201, { payload: { ...card, cardNumber: '4000000000000259' } })).token);
    const disputed = { ...key, TransactionId: ((await check('POST', '/api/sandbox-gateway/PayWithToken', 200, { payload: sale(disputeToken) })).Transaction as { Id: string }).Id };
    const opened = async () => (await t.request({ method: 'POST', url: '/api/sandbox-gateway/CheckTransaction', payload: disputed })).json<{ Dispute?: unknown }>().Dispute !== undefined;
    for (let waited = 0; waited < 10_000 && !(await opened()); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await check('POST', '/api/sandbox-gateway/CheckTransaction', 200, { payload: disputed })).Dispute).toEqual(expect.objectContaining({ Reason: 'fraudulent' }));

    // Refusals: the protocol's (a wrong key, a malformed call, a reference another call took, what is unknown) and the card form's (ErrorBody).
    await check('POST', '/api/sandbox-gateway/CreateSessionKey', 401, { payload: { PrivateMerchantKey: 'wrong' } });
    await check('POST', '/api/sandbox-gateway/PayWithToken', 401, { payload: { ...sale(token), SessionKey: 'ses_forged' } });
    await check('POST', '/api/sandbox-gateway/PayWithToken', 400, { payload: { ...sale(token), RequestType: 1 } });
    await check('POST', '/api/sandbox-gateway/PayWithToken', 409, { payload: sale(token, String((refunded.References as { Merchant: string }).Merchant)) });
    await check('POST', '/api/sandbox-gateway/AdjustTransaction', 409, { payload: refund(500, reference) });
    await check('POST', '/api/sandbox-gateway/CheckTransaction', 400, { payload: key });
    await check('POST', '/api/sandbox-gateway/CheckTransaction', 404, { payload: { ...key, TransactionId: randomUUID() } });
    await check('POST', '/api/sandbox-gateway/tokens/describe', 404, { payload: { ...key, Token: 'tok_unknown' } });
    await check('POST', '/api/sandbox-gateway/tokens/describe', 400, { payload: { ...key, Token: 'a\u0000b' } });
    await check('POST', '/api/sandbox-gateway/tokens', 400, { payload: { ...card, cardNumber: '4111111111111112' } });
    await check('GET', '/api/sandbox-gateway/3ds/{id}', 404, { params: { id: randomUUID() } });
    await check('POST', '/api/sandbox-gateway/3ds/{id}/{decision}', 404, { params: { ...threeDS.params, decision: 'maybe' }, ...form });
    await check('POST', '/api/sandbox-gateway/3ds/{id}/{decision}', 409, { params: { id: refundId, decision: 'approve' }, ...form });

    expect(failures).toEqual([]);
  });
});
