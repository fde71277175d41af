import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InjectOptions } from 'fastify';
import { DataSource } from 'typeorm';
import type { TestApp } from './support/app.js';
import { bearer, createStaff, PASSWORD, registerMerchant } from './support/auth.js';
import { createApplication, createOnboardingApp, PDF } from './support/onboarding.js';
import { openApiOperations } from './support/openapi-document.js';
import { listRoutes, type RouteInfo } from './support/routes.js';
import { present } from './support/present.js';

const CALLERS = ['anonymous', 'merchantA', 'merchantB', 'staff', 'keyOtherEnv', 'keyOwnEnv'] as const;
type Caller = (typeof CALLERS)[number];
type Expected = Record<Caller, number>;

/** The usual answers: a route for any session, merchants only, staff only, integrators (API key or session). */
const anyone = (status: number): Expected => ({ anonymous: status, merchantA: status, merchantB: status, staff: status, keyOtherEnv: status, keyOwnEnv: status });
const signedIn = (status: number): Expected => ({ anonymous: 401, merchantA: status, merchantB: status, staff: status, keyOtherEnv: 401, keyOwnEnv: 401 });
const merchants = (status: number, own = status): Expected => ({ anonymous: 401, merchantA: own, merchantB: status, staff: 403, keyOtherEnv: 401, keyOwnEnv: 401 });
const staffOnly = (status: number): Expected => ({ anonymous: 401, merchantA: 403, merchantB: 403, staff: status, keyOtherEnv: 401, keyOwnEnv: 401 });
/** /v1 (Stripe-compatible): secret keys only, any session refused (401); the other environment's key is refused as on /api/client. */
const stripeApi = (status: number): Expected => ({ anonymous: 401, merchantA: 401, merchantB: 401, staff: 401, keyOtherEnv: 403, keyOwnEnv: status });
const clientApi = (status: number): Expected => ({ anonymous: 401, merchantA: status, merchantB: status, staff: 403, keyOtherEnv: 403, keyOwnEnv: status });

interface Fixture {
  merchantA: { id: string; email: string };
  applicationId: string;
  eventId: string;
  paymentMethodA: string;
  /** A staging payment of merchant A. */
  paymentId: string;
  /** A staging crypto payment of merchant A. */
  cryptoPaymentId: string;
  /** A staging webhook endpoint of merchant A. */
  webhookEndpointA: string;
}

/** A public address (no DNS needed) and an event type nothing here causes: no delivery is ever attempted. */
const WEBHOOK_ENDPOINT = { url: 'https://93.184.215.14/hook', eventTypes: ['refund.failed'] };
const PAYMENT = { amount: 1234, currency: 'GBP', customerEmail: 'c@example.com', customerName: 'C', orderId: 'o-1', paymentMethod: 'credit_card' };
const CRYPTO_PAYMENT = { amount: 12.34, currency: 'EUR', targetCrypto: 'BTC', customerEmail: 'c@example.com' };
const intentOf = (paymentId: string) => `pi_${paymentId.replaceAll('-', '')}`;

/** A's own record: A and A's key in its environment see it; B gets 404 as for a missing one. */
const ownPayment: Expected = { anonymous: 401, merchantA: 200, merchantB: 404, staff: 403, keyOtherEnv: 403, keyOwnEnv: 200 };

/**
 * Every endpoint × every kind of caller → the expected status. A's API key is a staging key; "other
 * environment" calls name production. The request is built per call, so creating calls stay valid.
 */
const MATRIX: Record<string, { request: (f: Fixture) => Omit<InjectOptions, 'method'>; expected: Expected }> = {
  'GET /api/health': { request: () => ({ url: '/api/health' }), expected: anyone(200) },
  'GET /api/health/database': { request: () => ({ url: '/api/health/database' }), expected: anyone(200) },
  'GET /api/health/email': { request: () => ({ url: '/api/health/email' }), expected: anyone(200) },
  'POST /api/auth/register': { request: () => ({ url: '/api/auth/register', payload: { email: `${randomUUID()}@example.test`, password: PASSWORD, firstName: 'A', lastName: 'B' } }), expected: anyone(201) },
  'POST /api/auth/login': { request: (f) => ({ url: '/api/auth/login', payload: { email: f.merchantA.email, password: PASSWORD } }), expected: anyone(200) },
  'POST /api/merchant-applications': { request: () => ({ url: '/api/merchant-applications', payload: {} }), expected: anyone(400) },
  'GET /api/auth/user': { request: () => ({ url: '/api/auth/user' }), expected: signedIn(200) },
  'POST /api/auth/password-reset': { request: () => ({ url: '/api/auth/password-reset', payload: { email: `${randomUUID()}@example.test` } }), expected: anyone(202) },
  'POST /api/auth/password-reset/confirm': { request: () => ({ url: '/api/auth/password-reset/confirm', payload: { token: 'not-a-link', newPassword: 'another-password-1' } }), expected: anyone(400) },
  'POST /api/merchants/register': { request: (f) => ({ url: '/api/merchants/register', payload: { companyName: 'Again Ltd', email: f.merchantA.email, businessType: 'SaaS' } }), expected: merchants(409) },
  'GET /api/merchants/current': { request: () => ({ url: '/api/merchants/current' }), expected: merchants(200) },
  'PATCH /api/merchants/environment': { request: () => ({ url: '/api/merchants/environment' }), expected: merchants(200) },
  'GET /api/merchants/stats': { request: () => ({ url: '/api/merchants/stats' }), expected: merchants(200) },
  'GET /api/merchants/analytics': { request: () => ({ url: '/api/merchants/analytics' }), expected: merchants(200) },
  'GET /api/merchants/ipn': { request: () => ({ url: '/api/merchants/ipn' }), expected: merchants(200) },
  'GET /api/merchants/api-keys': { request: () => ({ url: '/api/merchants/api-keys' }), expected: merchants(200) },
  'POST /api/merchants/api-keys/:environment/rotate': { request: () => ({ url: '/api/merchants/api-keys/production/rotate' }), expected: merchants(201) },
  'GET /api/payment-methods': { request: () => ({ url: '/api/payment-methods' }), expected: merchants(200) },
  'POST /api/payment-methods': { request: () => ({ url: '/api/payment-methods', payload: { name: 'Cards', type: 'credit_card' } }), expected: merchants(201) },
  'PATCH /api/payment-methods/:id': { request: (f) => ({ url: `/api/payment-methods/${f.paymentMethodA}`, payload: { isActive: false } }), expected: merchants(404, 200) },
  'GET /api/transactions': { request: () => ({ url: '/api/transactions' }), expected: merchants(200) },
  'GET /api/transactions/export': { request: () => ({ url: '/api/transactions/export' }), expected: merchants(200) },
  // A's own payment's timeline: B is told it does not exist.
  'GET /api/transactions/:id/events': { request: (f) => ({ url: `/api/transactions/${f.paymentId}/events` }), expected: merchants(404, 200) },
  'GET /api/client/currencies': { request: () => ({ url: '/api/client/currencies' }), expected: clientApi(200) },
  'GET /api/client/documentation': { request: () => ({ url: '/api/client/documentation' }), expected: clientApi(200) },
  'GET /api/client/stats': { request: () => ({ url: '/api/client/stats' }), expected: clientApi(200) },
  'GET /api/client/merchant': { request: () => ({ url: '/api/client/merchant' }), expected: clientApi(200) },
  'POST /api/client/payments': { request: () => ({ url: '/api/client/payments', payload: PAYMENT }), expected: clientApi(201) },
  'GET /api/client/payments': { request: () => ({ url: '/api/client/payments' }), expected: clientApi(200) },
  'GET /api/client/payments/:id': { request: (f) => ({ url: `/api/client/payments/${f.paymentId}` }), expected: ownPayment },
  'POST /api/payments': { request: () => ({ url: '/api/payments', payload: PAYMENT }), expected: clientApi(201) },
  'POST /api/payments/create': { request: () => ({ url: '/api/payments/create', payload: PAYMENT }), expected: clientApi(201) },
  'GET /api/payments': { request: () => ({ url: '/api/payments' }), expected: clientApi(200) },
  'GET /api/payments/:id': { request: (f) => ({ url: `/api/payments/${f.paymentId}` }), expected: ownPayment },
  'GET /api/crypto-payments/currencies': { request: () => ({ url: '/api/crypto-payments/currencies' }), expected: clientApi(200) },
  'GET /api/crypto-payments/exchange-rate': { request: () => ({ url: '/api/crypto-payments/exchange-rate?fromCurrency=EUR&toCrypto=BTC' }), expected: clientApi(200) },
  'POST /api/crypto-payments/create': { request: () => ({ url: '/api/crypto-payments/create', payload: CRYPTO_PAYMENT }), expected: clientApi(201) },
  'GET /api/crypto-payments': { request: () => ({ url: '/api/crypto-payments' }), expected: clientApi(200) },
  'GET /api/crypto-payments/:id': { request: (f) => ({ url: `/api/crypto-payments/${f.cryptoPaymentId}` }), expected: ownPayment },
  'GET /api/client/crypto-payments': { request: () => ({ url: '/api/client/crypto-payments' }), expected: clientApi(200) },
  'POST /api/client/crypto-payments': { request: () => ({ url: '/api/client/crypto-payments', payload: CRYPTO_PAYMENT }), expected: clientApi(201) },
  'GET /api/client/exchange-rates': { request: () => ({ url: '/api/client/exchange-rates?from=EUR&to=BTC&amount=10' }), expected: clientApi(200) },
  // The hosted crypto payment page: anyone holding the link; simulating is for staging payments only.
  'GET /api/crypto-checkout/:id': { request: (f) => ({ url: `/api/crypto-checkout/${f.cryptoPaymentId}` }), expected: anyone(200) },
  'POST /api/crypto-checkout/:id/simulate': { request: () => ({ url: `/api/crypto-checkout/${randomUUID()}/simulate`, payload: { outcome: 'confirm' } }), expected: anyone(404) },
  'GET /api/admin/merchant-applications': { request: () => ({ url: '/api/admin/merchant-applications' }), expected: staffOnly(200) },
  'GET /api/admin/merchant-applications/:id': { request: (f) => ({ url: `/api/admin/merchant-applications/${f.applicationId}` }), expected: staffOnly(200) },
  'GET /api/admin/merchant-applications/:id/history': { request: (f) => ({ url: `/api/admin/merchant-applications/${f.applicationId}/history` }), expected: staffOnly(200) },
  'GET /api/admin/merchant-applications/:id/documents/:field': {
    request: (f) => ({ url: `/api/admin/merchant-applications/${f.applicationId}/documents/passportId` }),
    expected: staffOnly(200),
  },
  'PATCH /api/admin/merchant-applications/:id/status': {
    request: (f) => ({ url: `/api/admin/merchant-applications/${f.applicationId}/status`, payload: { status: 'under_review' } }),
    expected: staffOnly(200),
  },
  'GET /api/admin/events': { request: () => ({ url: '/api/admin/events' }), expected: staffOnly(200) },
  'GET /api/admin/events/types': { request: () => ({ url: '/api/admin/events/types' }), expected: staffOnly(200) },
  'GET /api/admin/events/export': { request: (f) => ({ url: `/api/admin/events/export?stream=merchant-${f.merchantA.id}` }), expected: staffOnly(200) },
  'GET /api/admin/events/:id': { request: (f) => ({ url: `/api/admin/events/${f.eventId}` }), expected: staffOnly(200) },
  'GET /api/admin/merchants': { request: () => ({ url: '/api/admin/merchants' }), expected: staffOnly(200) },
  'GET /api/admin/payments': { request: () => ({ url: '/api/admin/payments' }), expected: staffOnly(200) },
  'GET /api/admin/payments/:id': { request: (f) => ({ url: `/api/admin/payments/${f.paymentId}` }), expected: staffOnly(200) },
  'GET /api/admin/payments/:id/events': { request: (f) => ({ url: `/api/admin/payments/${f.paymentId}/events` }), expected: staffOnly(200) },
  'GET /api/admin/stats/applications-per-day': { request: () => ({ url: '/api/admin/stats/applications-per-day' }), expected: staffOnly(200) },
  'POST /api/admin/processors/:name/retry': { request: () => ({ url: '/api/admin/processors/event-log/retry' }), expected: staffOnly(202) },
  // The embedded gateway stands for a third party: no session of ours, its own merchant key (401 without it).
  'POST /api/sandbox-gateway/tokens': { request: () => ({ url: '/api/sandbox-gateway/tokens', payload: {} }), expected: anyone(400) },
  'POST /api/sandbox-gateway/tokens/describe': { request: () => ({ url: '/api/sandbox-gateway/tokens/describe', payload: {} }), expected: anyone(401) },
  'POST /api/sandbox-gateway/CreateSessionKey': { request: () => ({ url: '/api/sandbox-gateway/CreateSessionKey', payload: {} }), expected: anyone(401) },
  'POST /api/sandbox-gateway/PayWithToken': { request: () => ({ url: '/api/sandbox-gateway/PayWithToken', payload: {} }), expected: anyone(401) },
  'POST /api/sandbox-gateway/CheckTransaction': { request: () => ({ url: '/api/sandbox-gateway/CheckTransaction', payload: {} }), expected: anyone(401) },
  'POST /api/sandbox-gateway/AdjustTransaction': { request: () => ({ url: '/api/sandbox-gateway/AdjustTransaction', payload: {} }), expected: anyone(401) },
  'GET /api/sandbox-gateway/3ds/:id': { request: () => ({ url: `/api/sandbox-gateway/3ds/${randomUUID()}` }), expected: anyone(404) },
  'POST /api/sandbox-gateway/3ds/:id/:decision': { request: () => ({ url: `/api/sandbox-gateway/3ds/${randomUUID()}/approve` }), expected: anyone(404) },
  'GET /api/admin/merchants/:id': { request: (f) => ({ url: `/api/admin/merchants/${f.merchantA.id}` }), expected: staffOnly(200) },
  // The hosted payment page and the gateway's callbacks: anyone holding the link, or the gateway.
  'GET /api/checkout/:id': { request: (f) => ({ url: `/api/checkout/${f.paymentId}` }), expected: anyone(200) },
  'POST /api/checkout/:id/pay': { request: () => ({ url: `/api/checkout/${randomUUID()}/pay`, payload: { token: 'tok_unknown' } }), expected: anyone(404) },
  'GET /api/checkout/:id/3ds-return': { request: (f) => ({ url: `/api/checkout/${f.paymentId}/3ds-return` }), expected: anyone(303) },
  'POST /api/webhooks/:gateway': { request: () => ({ url: '/api/webhooks/sandbox', payload: {} }), expected: anyone(400) },
  // A's pending payment: A may try (409, not refundable yet); B is told it does not exist.
  'POST /api/transactions/:id/refund': { request: (f) => ({ url: `/api/transactions/${f.paymentId}/refund` }), expected: merchants(404, 409) },
  // Webhook endpoints: an integrator's (key or session); A's endpoint is A's, in the key's environment.
  'POST /api/webhook-endpoints': { request: () => ({ url: '/api/webhook-endpoints', payload: WEBHOOK_ENDPOINT }), expected: clientApi(201) },
  'GET /api/webhook-endpoints': { request: () => ({ url: '/api/webhook-endpoints' }), expected: clientApi(200) },
  'GET /api/webhook-endpoints/:id': { request: (f) => ({ url: `/api/webhook-endpoints/${f.webhookEndpointA}` }), expected: ownPayment },
  'PATCH /api/webhook-endpoints/:id': { request: (f) => ({ url: `/api/webhook-endpoints/${f.webhookEndpointA}`, payload: { enabled: true } }), expected: ownPayment },
  'POST /api/webhook-endpoints/:id/rotate-secret': { request: (f) => ({ url: `/api/webhook-endpoints/${f.webhookEndpointA}/rotate-secret` }), expected: ownPayment },
  'GET /api/webhook-endpoints/:id/deliveries': { request: (f) => ({ url: `/api/webhook-endpoints/${f.webhookEndpointA}/deliveries` }), expected: ownPayment },
  'POST /api/webhook-endpoints/:id/replay': {
    request: (f) => ({ url: `/api/webhook-endpoints/${f.webhookEndpointA}/replay?since=2020-01-01T00:00:00Z` }),
    expected: { ...ownPayment, merchantA: 202, keyOwnEnv: 202 },
  },
  // Unknown ids, so the fixture's endpoint survives: 404 for anyone who may ask.
  'DELETE /api/webhook-endpoints/:id': { request: () => ({ url: `/api/webhook-endpoints/${randomUUID()}` }), expected: { ...ownPayment, merchantA: 404, keyOwnEnv: 404 } },
  'POST /api/webhook-endpoints/:id/deliveries/:deliveryId/retry': {
    request: (f) => ({ url: `/api/webhook-endpoints/${f.webhookEndpointA}/deliveries/${randomUUID()}/retry` }),
    expected: { ...ownPayment, merchantA: 404, keyOwnEnv: 404 },
  },
  'POST /v1/payment_intents': { request: () => ({ url: '/v1/payment_intents', payload: { amount: 100, currency: 'gbp' } }), expected: stripeApi(200) },
  'GET /v1/payment_intents': { request: () => ({ url: '/v1/payment_intents' }), expected: stripeApi(200) },
  'GET /v1/payment_intents/:intent': { request: (f) => ({ url: `/v1/payment_intents/${intentOf(f.paymentId)}` }), expected: stripeApi(200) },
  // A's pending payment has no payment method to confirm with (400); canceling an unknown one is 404.
  'POST /v1/payment_intents/:intent/confirm': { request: (f) => ({ url: `/v1/payment_intents/${intentOf(f.paymentId)}/confirm`, payload: {} }), expected: stripeApi(400) },
  'POST /v1/payment_intents/:intent/cancel': { request: () => ({ url: `/v1/payment_intents/${intentOf(randomUUID())}/cancel`, payload: {} }), expected: stripeApi(404) },
  'POST /v1/refunds': { request: (f) => ({ url: '/v1/refunds', payload: { payment_intent: intentOf(f.paymentId) } }), expected: stripeApi(400) },
  'GET /v1/refunds/:id': { request: () => ({ url: `/v1/refunds/re_${'0'.repeat(64)}` }), expected: stripeApi(404) },
  'GET /v1/events': { request: () => ({ url: '/v1/events' }), expected: stripeApi(200) },
  'GET /v1/events/:id': { request: () => ({ url: `/v1/events/evt_${'0'.repeat(32)}` }), expected: stripeApi(404) },
  'POST /v1/webhook_endpoints': { request: () => ({ url: '/v1/webhook_endpoints', payload: { url: WEBHOOK_ENDPOINT.url, enabled_events: ['*'] } }), expected: stripeApi(200) },
  'GET /v1/webhook_endpoints': { request: () => ({ url: '/v1/webhook_endpoints' }), expected: stripeApi(200) },
  'GET /v1/webhook_endpoints/:id': { request: () => ({ url: `/v1/webhook_endpoints/we_${'0'.repeat(32)}` }), expected: stripeApi(404) },
  'DELETE /v1/webhook_endpoints/:id': { request: () => ({ url: `/v1/webhook_endpoints/we_${'0'.repeat(32)}` }), expected: stripeApi(404) },
  // A wrong current password: a right one would end the callers' sessions.
  'POST /api/auth/password': { request: () => ({ url: '/api/auth/password', payload: { currentPassword: 'not-the-password', newPassword: 'another-password-1' } }), expected: signedIn(400) },
  // Last: it signs each caller's session out, and the routes above use those sessions.
  'POST /api/auth/logout': { request: () => ({ url: '/api/auth/logout' }), expected: signedIn(204) },
};

describe('authorization', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let fixture: Fixture;
  let credentials: Record<Caller, { authorization?: string; environment?: string }>;

  beforeAll(async () => {
    t = await createOnboardingApp();
    routes = listRoutes(t.app);
    const [a, b, staff] = await Promise.all([registerMerchant(t), registerMerchant(t), createStaff(t)]);
    const key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(a.token) })).json().key as string;
    const { id: applicationId } = await createApplication(t, {}, [{ field: 'passportId', filename: 'passport.pdf', content: PDF }]);
    const [event] = (await t.app.get(DataSource).query<{ event_id: string }[]>(`SELECT event_id FROM events WHERE stream_id = $1 LIMIT 1`, [`merchant-${a.merchant.id}`]));
    const paymentMethodA = (await t.request({ method: 'POST', url: '/api/payment-methods', headers: bearer(a.token), payload: { name: 'Cards', type: 'credit_card' } })).json<{ id: string }>().id;
    const payment = await t.request({ method: 'POST', url: '/api/client/payments', payload: { ...PAYMENT, environment: 'staging' }, headers: bearer(a.token) });
    const cryptoPayment = await t.request({ method: 'POST', url: '/api/crypto-payments/create', payload: { ...CRYPTO_PAYMENT, environment: 'staging' }, headers: bearer(a.token) });
    const webhookEndpointA = (await t.request({ method: 'POST', url: '/api/webhook-endpoints', payload: WEBHOOK_ENDPOINT, headers: bearer(key) })).json<{ id: string }>().id;
    fixture = {
      merchantA: { id: a.merchant.id, email: a.user.email },
      applicationId,
      eventId: present(event, `an event of merchant-${a.merchant.id}`).event_id,
      paymentMethodA,
      paymentId: payment.json<{ id: string }>().id,
      cryptoPaymentId: cryptoPayment.json<{ payment: { id: string } }>().payment.id,
      webhookEndpointA,
    };
    credentials = {
      anonymous: {},
      merchantA: bearer(a.token),
      merchantB: bearer(b.token),
      staff: bearer(staff.token),
      keyOtherEnv: { ...bearer(key), environment: 'production' },
      keyOwnEnv: { ...bearer(key), environment: 'staging' },
    };
  });
  afterAll(() => t.close());

  it('lists every route from the router: each is guarded or explicitly @Public(), and no controller brings its own guard', async () => {
    const fastify = t.app.getHttpAdapter().getInstance();
    for (const { method, path } of routes) expect([method, path, fastify.hasRoute({ method, url: path })]).toEqual([method, path, true]);
    expect(routes.filter((r) => r.ownGuards > 0).map((r) => r.route)).toEqual([]);
    expect(routes.filter((r) => r.isPublic).map((r) => r.route)).toEqual([
      'GET /api/checkout/:id',
      'GET /api/checkout/:id/3ds-return',
      'GET /api/crypto-checkout/:id',
      'GET /api/health',
      'GET /api/health/database',
      'GET /api/health/email',
      'GET /api/sandbox-gateway/3ds/:id',
      'POST /api/auth/login',
      'POST /api/auth/password-reset',
      'POST /api/auth/password-reset/confirm',
      'POST /api/auth/register',
      'POST /api/checkout/:id/pay',
      'POST /api/crypto-checkout/:id/simulate',
      'POST /api/merchant-applications',
      'POST /api/sandbox-gateway/3ds/:id/:decision',
      'POST /api/sandbox-gateway/AdjustTransaction',
      'POST /api/sandbox-gateway/CheckTransaction',
      'POST /api/sandbox-gateway/CreateSessionKey',
      'POST /api/sandbox-gateway/PayWithToken',
      'POST /api/sandbox-gateway/tokens',
      'POST /api/sandbox-gateway/tokens/describe',
      'POST /api/webhooks/:gateway',
    ]);
    for (const { method, path, route } of routes.filter((r) => !r.isPublic)) {
      const url = path.replace(/:\w+/g, randomUUID());
      const res = await t.request({ method: method, url });
      expect([route, res.statusCode]).toEqual([route, 401]);
    }
  });

  it('the matrix names every route there is', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(routes.map((r) => r.route).sort());
  });

  it('names every operation of the OpenAPI document', async () => {
    const paths = await openApiOperations(t);
    const operations = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((operation) => !(operation in MATRIX))).toEqual([]);
  });

  describe.each(Object.entries(MATRIX))('%s', (route, { request, expected }) => {
    it(`answers ${CALLERS.map((c) => `${c} ${expected[c]}`).join(', ')}`, async () => {
      const method = present(route.split(' ')[0], `a method in "${route}"`);
      const actual = {} as Expected;
      /** The request ids of refused calls: no event may carry one as its correlation id. */
      const refused: string[] = [];
      /** And of calls that created something: their events do carry it (the check above can fail). */
      const created: string[] = [];
      for (const caller of CALLERS) {
        const { authorization, environment } = credentials[caller];
        const options = request(fixture);
        const inEnvironment = environment ? { url: `${options.url as string}${(options.url as string).includes('?') ? '&' : '?'}environment=${environment}` } : {};
        const requestId = randomUUID();
        const res = await t.request({ ...options, ...inEnvironment, method, headers: { 'x-request-id': requestId, ...(authorization ? { authorization } : {}) } });
        actual[caller] = res.statusCode;
        if (expected[caller] >= 400) refused.push(requestId);
        if (expected[caller] === 201 && res.statusCode === 201) created.push(requestId);
        // B never sees anything of A's.
        if (caller === 'merchantB' && route !== 'POST /api/auth/login') expect([route, res.body.includes(fixture.merchantA.id)]).toEqual([route, false]);
      }
      expect(actual).toEqual(expected);
      const written = await t.app.get(DataSource).query<{ type: string }[]>(`SELECT type FROM events WHERE metadata->>'correlationId' = ANY($1)`, [refused]);
      expect([route, written]).toEqual([route, []]);
      for (const requestId of created) {
        const [row] = await t.app.get(DataSource).query<{ n: number }[]>(`SELECT count(*)::int AS n FROM events WHERE metadata->>'correlationId' = $1`, [requestId]);
        expect([route, (row?.n ?? 0) > 0]).toEqual([route, true]);
      }
    });
  });
});
