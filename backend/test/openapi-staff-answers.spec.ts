import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SANDBOX_PRIVATE_KEY } from '../src/sandbox-gateway/protocol.js';
import { createTestApp, type TestApp } from './support/app.js';
import { caughtUp } from './support/caught-up.js';
import { createStaff, registerMerchant } from './support/auth.js';
import { createApplication, longForm, PDF } from './support/onboarding.js';
import { answersChecker } from './support/openapi-answers.js';
import { CARDS, cardToken, completedPayment, createPayment } from './support/payments.js';
import { present } from './support/present.js';

/**
 * The same as openapi-answers.spec.ts, for the staff routes and the sandbox gateway's protocol and pages.
 */
describe('the OpenAPI document: answers of the back-office and the sandbox gateway', () => {
  let t: TestApp;
  let document: Record<string, unknown>;
  beforeAll(async () => {
    // Listening: a payment is paid through the sandbox gateway over HTTP.
    t = await createTestApp({}, { listen: true });
    document = (await t.request({ method: 'GET', url: '/api/documentation-json' })).json();
  });
  afterAll(async () => {
    await t.close();
  });

  /** The same of the back-office's routes (react-admin's lists answer an array and its total in Content-Range). */
  it('states response schemas that the real answers of the staff routes match', async () => {
    const staff = (await createStaff(t)).token;
    const { check, failures } = answersChecker(t, document, staff);
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
    const { check, failures } = answersChecker(t, document, null);
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
