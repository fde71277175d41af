import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import type { AdminPayment, PaymentTimelineEntry } from '@tallyline/contracts';
import { DataSource } from 'typeorm';
import { CreatePayment } from '../src/payments/index.js';
import { systemContext } from '../src/platform/commands/command-context.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, createStaff, registerMerchant } from './support/auth.js';
import { cardToken, CARDS, completedPayment, createPayment, dieDuringNextSale, ipnFor, pay, referencesOf } from './support/payments.js';

const DAY_MS = 86_400_000;
type Merchant = Awaited<ReturnType<typeof registerMerchant>>;

/** GET /api/admin/payments[/:id[/events]] and the merchant's GET /api/transactions/:id/events. */
describe('staff views of money and payment timelines', () => {
  let t: TestApp;
  let a: Merchant;
  let b: Merchant;
  let staff: { token: string; email: string };
  let apiKey: string;
  const ids = { refunded: '', production: '', declined: '', stripe: '', old: '', viaIpn: '', threeDs: '', ofB: '' };

  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    [a, b, staff] = await Promise.all([registerMerchant(t), registerMerchant(t), createStaff(t)]);
    apiKey = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(a.token) })).json<{ key: string }>().key;

    // A: refunded in part by the merchant, a production payment, a decline, one through the Stripe door,
    // one created 10 days ago, one completed through the gateway's IPN.
    ids.refunded = await completedPayment(t, a.token, { amount: 5000 });
    expect((await t.request({ method: 'POST', url: `/api/transactions/${ids.refunded}/refund`, headers: bearer(a.token), payload: { amount: 1500 } })).statusCode).toBe(200);
    ids.production = await createPayment(t, a.token, { environment: 'production' });
    ids.declined = await createPayment(t, a.token);
    expect((await pay(t, ids.declined, await cardToken(t, CARDS.decline))).statusCode).toBe(200);
    const intent = await t.request({ method: 'POST', url: '/v1/payment_intents', headers: bearer(apiKey), payload: { amount: 2500, currency: 'eur' } });
    expect(intent.statusCode).toBe(200);
    // Stripe's intent id is our payment id without dashes.
    ids.stripe = intent.json<{ id: string }>().id.slice(3).replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
    const old = new CreatePayment(
      a.merchant.id,
      'staging',
      { amount: 700, currency: 'GBP', customerEmail: 'old@example.com', customerName: 'Old Order', orderId: 'old-1', paymentMethod: 'credit_card', description: null, returnUrl: null, customerCountry: null },
      null,
      systemContext('seed-test', new Date(Date.now() - 10 * DAY_MS)),
    );
    ids.old = (await t.app.get(CommandBus).execute<CreatePayment, { paymentId: string }>(old)).paymentId;
    ids.viaIpn = await createPayment(t, a.token);
    const died = dieDuringNextSale(t, 'after_gateway');
    void pay(t, ids.viaIpn, await cardToken(t, CARDS.approve));
    await died;
    const [reference] = await referencesOf(t.app.get(DataSource), ids.viaIpn, 'attempt');
    expect((await t.request({ method: 'POST', url: '/api/webhooks/sandbox', payload: await ipnFor(t.app.get(DataSource), reference!) })).statusCode).toBe(200);
    ids.threeDs = await createPayment(t, a.token);
    expect((await pay(t, ids.threeDs, await cardToken(t, CARDS.threeDSecure))).json<{ status: string }>().status).toBe('requires_action');
    ids.ofB = await createPayment(t, b.token);
    // Eight payments one after another (the IPN step intercepts "the next sale", so no parallel pays).
  }, 120_000);
  afterAll(() => t.close());

  const list = (filter: Record<string, unknown>, extra = '', token = staff.token) =>
    t.request({ method: 'GET', url: `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`, headers: bearer(token) });
  const idsOf = (res: Awaited<ReturnType<typeof list>>) => res.json<AdminPayment[]>().map((p) => p.id).sort();
  const sorted = (...names: (keyof typeof ids)[]) => names.map((name) => ids[name]).sort();

  describe('the staff payments list (simple REST)', () => {
    it('shows every payment of a merchant whichever door it came in by, with Content-Range', async () => {
      const res = await list({ merchantId: a.merchant.id }, '&sort=["createdAt","DESC"]&range=[0,99]');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toBe('payments 0-6/7');
      expect(idsOf(res)).toEqual(sorted('refunded', 'production', 'declined', 'stripe', 'old', 'viaIpn', 'threeDs'));
      expect(res.json<AdminPayment[]>()[0]).toMatchObject({ id: ids.threeDs, merchantId: a.merchant.id, status: 'requires_action', amount: '100.00', currency: 'GBP' });
    });

    it('a page of the list answers its range and the total', async () => {
      const res = await list({ merchantId: a.merchant.id }, '&sort=["amount","ASC"]&range=[0,1]');
      expect(res.headers['content-range']).toBe('payments 0-1/7');
      expect(res.json<AdminPayment[]>().map((p) => p.id)).toEqual([ids.old, ids.stripe]);
    });

    it.each([
      ['status', { status: 'completed' }, ['refunded', 'viaIpn']],
      ['several statuses', { status: ['failed', 'requires_action'] }, ['declined', 'threeDs']],
      ['environment', { environment: 'production' }, ['production']],
      ['refunds', { refunded: true }, ['refunded']],
      ['date range', { from: new Date(Date.now() - 11 * DAY_MS).toISOString().slice(0, 10), to: new Date(Date.now() - 9 * DAY_MS).toISOString().slice(0, 10) }, ['old']],
      ['search', { q: 'OLD ORDER' }, ['old']],
      ['search, accents ignored as in the other staff lists', { q: 'öld ordér' }, ['old']],
    ] as [string, Record<string, unknown>, (keyof typeof ids)[]][])('filters by %s', async (_name, filter, expected) => {
      const res = await list({ merchantId: a.merchant.id, ...filter });
      expect(res.statusCode).toBe(200);
      expect(idsOf(res)).toEqual(sorted(...expected));
    });

    it('takes from/to as instants, both inclusive: the back-office sends the bounds of the staff member\'s local days so', async () => {
      const [old] = (await list({ id: ids.old })).json<AdminPayment[]>();
      const at = Date.parse(old?.createdAt ?? '');
      const within = async (from: number, to: number) => idsOf(await list({ merchantId: a.merchant.id, from: new Date(from).toISOString(), to: new Date(to).toISOString() }));
      expect(await within(at, at)).toEqual([ids.old]);
      expect(await within(at - DAY_MS, at - 1)).toEqual([]);
      expect(await within(at + 1, at + DAY_MS)).toEqual([]);
    });

    it('finds a payment by its id as staff paste it: whole, in part, in capitals, or without dashes', async () => {
      const id = ids.declined;
      for (const q of [id, id.slice(9, 23), id.toUpperCase(), id.replaceAll('-', ''), id.replaceAll('-', '').slice(6, 20)]) {
        expect(idsOf(await list({ merchantId: a.merchant.id, q }))).toEqual([id]);
      }
    });

    it('filters by merchant: B sees none of A\'s', async () => {
      expect(idsOf(await list({ merchantId: b.merchant.id }))).toEqual([ids.ofB]);
    });

    it.each([
      ['an unknown filter', { color: 'red' }, 'Unknown filter color'],
      ['a bad status', { status: 'lost' }, 'status must be one of'],
      ['a bad date', { from: 'yesterday' }, 'from must be an ISO date'],
      ['a date not in the calendar', { to: '2026-02-31' }, 'to must be an ISO date'],
      ['a merchant that is no id', { merchantId: "1' OR 1=1" }, 'merchantId must be a merchant id'],
    ])('%s is a 400 naming the filter', async (_name, filter, message) => {
      const res = await list(filter);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    });

    it('a sort field it does not know is a 400', async () => {
      expect((await list({}, '&sort=["customerEmail","ASC"]')).statusCode).toBe(400);
    });

    it('is staff only: a merchant gets 403, nobody 401', async () => {
      expect((await list({}, '', a.token)).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api/admin/payments' })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: `/api/admin/payments/${ids.refunded}`, headers: bearer(a.token) })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: `/api/admin/payments/${ids.refunded}/events`, headers: bearer(a.token) })).statusCode).toBe(403);
    });
  });

  describe('one payment for staff', () => {
    it('shows the payment with its card and refunds', async () => {
      const res = await t.request({ method: 'GET', url: `/api/admin/payments/${ids.refunded}`, headers: bearer(staff.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: ids.refunded, status: 'completed', amount: '50.00', refundedAmount: '15.00', cardBrand: 'visa', cardLast4: '1111', failureReason: null });
    });

    it('an unknown payment is 404 Payment not found', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const res = await t.request({ method: 'GET', url: `/api/admin/payments/${id}/events`, headers: bearer(staff.token) });
        expect([res.statusCode, res.json().message]).toEqual([404, 'Payment not found']);
      }
    });
  });

  describe('timelines: what happened and who did it', () => {
    const timeline = async (id: string, token = staff.token) => {
      const res = await t.request({ method: 'GET', url: `/api/admin/payments/${id}/events`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return res.json<PaymentTimelineEntry[]>().map(({ type, summary, actor }) => ({ type, summary, actor }));
    };
    const merchantA = () => ({ id: a.user.id, email: a.user.email, role: 'merchant' });
    const visitor = { id: 'anonymous', email: null, role: 'visitor' };

    it('a payment refunded by the merchant: created and refunded by the merchant, paid by the customer', async () => {
      expect(await timeline(ids.refunded)).toEqual([
        { type: 'PaymentCreated', summary: 'Payment of £50.00 created for order order-1', actor: merchantA() },
        { type: 'PaymentAttempted', summary: 'Payment attempted with Visa •••• 1111', actor: visitor },
        { type: 'PaymentCompleted', summary: 'Payment completed with Visa •••• 1111', actor: visitor },
        { type: 'RefundRequested', summary: 'Refund of £15.00 requested', actor: merchantA() },
        { type: 'RefundCompleted', summary: 'Refund of £15.00 completed', actor: merchantA() },
      ]);
    });

    it('a decline says why', async () => {
      expect((await timeline(ids.declined)).at(-1)).toEqual({ type: 'PaymentFailed', summary: 'Payment failed: Payment declined', actor: visitor });
    });

    it('a payment created with an API key names the key; one from the system names the process', async () => {
      expect((await timeline(ids.stripe))[0]).toEqual({ type: 'PaymentCreated', summary: 'Payment of €25.00 created', actor: { id: expect.stringMatching(/\S/), email: null, role: 'api_key' } });
      expect((await timeline(ids.old))[0]?.actor).toEqual({ id: 'seed-test', email: null, role: 'system' });
    });

    it('an outcome the gateway reported by IPN is the gateway\'s', async () => {
      expect((await timeline(ids.viaIpn)).map((entry) => [entry.type, entry.actor.role, entry.actor.id])).toEqual([
        ['PaymentCreated', 'merchant', a.user.id],
        ['PaymentAttempted', 'visitor', 'anonymous'],
        ['PaymentCompleted', 'gateway', 'sandbox'],
      ]);
    });

    it('3-D Secure shows as a request to the customer', async () => {
      expect((await timeline(ids.threeDs)).at(-1)).toEqual({ type: 'PaymentRequiresAction', summary: '3-D Secure verification requested from the customer', actor: visitor });
    });

    it('dates a payment recorded with its own earlier date (seeded, imported) as it happened, and says when it was recorded', async () => {
      const [created] = (await t.request({ method: 'GET', url: `/api/transactions/${ids.old}/events`, headers: bearer(a.token) })).json<PaymentTimelineEntry[]>();
      const listed = (await list({ q: 'OLD ORDER' })).json<AdminPayment[]>()[0]!;
      expect(created!.at).toBe(listed.createdAt);
      expect(Date.now() - Date.parse(created!.at)).toBeGreaterThan(9 * DAY_MS);
      expect(Date.now() - Date.parse(created!.recordedAt)).toBeLessThan(DAY_MS);
    });

    it("the merchant reads the same timeline of its own payment; another merchant's is 404, staff 403 on this route", async () => {
      const mine = await t.request({ method: 'GET', url: `/api/transactions/${ids.refunded}/events`, headers: bearer(a.token) });
      expect(mine.statusCode).toBe(200);
      const staffView = await t.request({ method: 'GET', url: `/api/admin/payments/${ids.refunded}/events`, headers: bearer(staff.token) });
      expect(mine.json()).toEqual(staffView.json());
      const theirs = await t.request({ method: 'GET', url: `/api/transactions/${ids.refunded}/events`, headers: bearer(b.token) });
      expect([theirs.statusCode, theirs.json().message]).toEqual([404, 'Payment not found']);
      expect((await t.request({ method: 'GET', url: `/api/transactions/${ids.refunded}/events`, headers: bearer(staff.token) })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: `/api/transactions/not-a-payment/events`, headers: bearer(a.token) })).statusCode).toBe(404);
    });
  });
});
