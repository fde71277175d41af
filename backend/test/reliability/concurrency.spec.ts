import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../support/app.js';
import { bearer, createStaff, registerMerchant } from '../support/auth.js';
import { createApplication } from '../support/onboarding.js';
import { completedPayment, paymentRow } from '../support/payments.js';

const PARALLEL = 50;

/** How many of each status code, e.g. { 200: 1, 412: 49 }. */
const tally = (codes: number[]) => codes.reduce<Record<number, number>>((counts, code) => ({ ...counts, [code]: (counts[code] ?? 0) + 1 }), {});

describe(`${PARALLEL} parallel commands on one stream`, () => {
  let t: TestApp;
  let db: DataSource;
  let staff: string;
  let merchant: string;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    db = t.app.get(DataSource);
    staff = (await createStaff(t)).token;
    merchant = (await registerMerchant(t)).token;
  });
  afterAll(() => t.close());

  const events = (streamId: string) =>
    db.query<{ type: string; version: number; data: Record<string, unknown> }[]>(`SELECT type, stream_version AS version, data FROM events WHERE stream_id = $1 ORDER BY stream_version`, [streamId]);

  it('status changes on one application: winners and events match one for one, each change starts where the last ended, losers get 409 or 412', async () => {
    const { id } = await createApplication(t);
    // Half race on the version they saw (If-Match: 0), half decide on whatever is current.
    const decisions = Array.from({ length: PARALLEL }, (_, i) => ({
      status: ['under_review', 'approved', 'rejected'][i % 3]!,
      headers: i % 2 === 0 ? { 'if-match': '"0"' } : {},
    }));
    const answers = await Promise.all(
      decisions.map(({ status, headers }) => t.request({ method: 'PATCH', url: `/api/admin/merchant-applications/${id}/status`, headers: { ...bearer(staff), ...headers }, payload: { status } })),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => ![200, 409, 412].includes(code))).toEqual([]);
    // Of those racing on version 0, one at most can win.
    expect(codes.filter((code, i) => code === 200 && i % 2 === 0).length).toBeLessThanOrEqual(1);

    const stream = await events(`application-${id}`);
    const changes = stream.filter((event) => event.type === 'StatusChanged');
    expect(stream.map((event) => event.version)).toEqual(stream.map((_, i) => i));
    expect(changes).toHaveLength(codes.filter((code) => code === 200).length);
    let current = 'pending';
    for (const { data } of changes) {
      expect(data.from).toBe(current);
      expect(data.to).not.toBe('pending');
      current = data.to as string;
    }
    const view = await t.request({ method: 'GET', url: `/api/admin/merchant-applications/${id}`, headers: bearer(staff) });
    expect(view.json()).toMatchObject({ status: current, version: stream.length - 1 });
    const history = await t.request({ method: 'GET', url: `/api/admin/merchant-applications/${id}/history`, headers: bearer(staff) });
    expect(history.json<unknown[]>()).toHaveLength(stream.length);
    console.log(`status changes: ${JSON.stringify(tally(codes))}`);
  });

  it('full refunds of one payment: one 200, every other 409, one refund at the gateway', async () => {
    const id = await completedPayment(t, merchant);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => t.request({ method: 'POST', url: `/api/transactions/${id}/refund`, headers: bearer(merchant) })));
    expect(tally(answers.map((res) => res.statusCode))).toEqual({ 200: 1, 409: PARALLEL - 1 });
    expect((await events(`payment-${id}`)).map((event) => event.type)).toEqual(['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted', 'RefundRequested', 'RefundCompleted']);
    expect(await paymentRow(db, id)).toMatchObject({ status: 'refunded', refunded_minor: '10000' });
    expect(await gatewayRefunds(id)).toBe(1);
  });

  it('partial refunds of one payment: every 200 is one refund at the gateway and in the total, every other answer a 409', async () => {
    const id = await completedPayment(t, merchant);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => t.request({ method: 'POST', url: `/api/transactions/${id}/refund`, headers: bearer(merchant), payload: { amount: 100 } })),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code !== 200 && code !== 409)).toEqual([]);
    const won = codes.filter((code) => code === 200).length;
    expect(won).toBeGreaterThan(0);
    const stream = await events(`payment-${id}`);
    expect(stream.filter((event) => event.type === 'RefundCompleted')).toHaveLength(won);
    expect(stream.filter((event) => event.type === 'RefundRequested')).toHaveLength(won);
    expect(await paymentRow(db, id)).toMatchObject({ status: 'completed', refunded_minor: String(100 * won) });
    expect(await gatewayRefunds(id)).toBe(won);
    console.log(`partial refunds: ${JSON.stringify(tally(codes))}`);
  });

  /** The sandbox's refunds of the payment's sale. */
  async function gatewayRefunds(id: string): Promise<number> {
    const rows = await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM sandbox_gateway_transactions r JOIN payments p ON r.parent_id = p.gateway_transaction_id WHERE p.id = $1`, [id]);
    return rows[0]?.n ?? 0;
  }
});
