import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ProcessorHealth } from '../src/health/processor-health.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, createStaff, PASSWORD, registerMerchant, registerUser, resetMails, resetTokenIn } from './support/auth.js';
import { CRYPTO_PAYMENT, createCryptoPayment } from './support/crypto.js';
import { longForm, precheckFields } from './support/onboarding.js';
import { answersChecker } from './support/openapi-answers.js';
import { CARDS, cardToken, completedPayment, createPayment, ipnFor, PAYMENT, referencesOf } from './support/payments.js';
import { present } from './support/present.js';

/**
 * The response schemas the document states are true: each route called for real, with good and refused
 * requests, and every answer checked against what the document says of its operation and status.
 */
describe('the OpenAPI document: answers of the integrator API and the web apps', () => {
  let t: TestApp;
  let document: Record<string, unknown>;
  beforeAll(async () => {
    // Listening: a payment is paid through the sandbox gateway over HTTP. Webhook endpoints may be on a loopback address.
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { listen: true });
    document = (await t.request({ method: 'GET', url: '/api/documentation-json' })).json();
  });
  afterAll(async () => {
    await t.close();
  });

  /** The document's response schemas are true: real answers of the integrator API. */
  it('states response schemas that the real answers match', async () => {
    const { token } = await registerMerchant(t);
    const key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json<{ key: string }>().key;
    const { check, failures } = answersChecker(t, document, key);
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
    const { check, failures } = answersChecker(t, document, null);

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
    const { check, failures } = answersChecker(t, document, token);

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
});
