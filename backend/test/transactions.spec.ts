import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Environment, TransactionPage } from '@tallyline/contracts';
import { TransactionQueries } from '../src/payments/transactions/transactions.queries.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { givenPayments } from './support/given-payments.js';

const DAY = 86_400_000;
const other = (environment: Environment): Environment => (environment === 'staging' ? 'production' : 'staging');

describe('the transactions tab (GET /api/transactions and /export)', () => {
  let t: TestApp;
  let a: { token: string; merchantId: string; environment: Environment };
  let b: { token: string; merchantId: string };
  /** Merchant A's payments by name. */
  let p: Record<'jan' | 'feb' | 'marRefunded' | 'marPending' | 'marPartial' | 'otherEnv' | 'days2' | 'days20' | 'days60', string>;

  beforeAll(async () => {
    t = await createTestApp();
    const [ra, rb] = await Promise.all([registerMerchant(t), registerMerchant(t)]);
    a = { token: ra.token, merchantId: ra.merchant.id, environment: ra.merchant.environment };
    b = { token: rb.token, merchantId: rb.merchant.id };
    const env = a.environment;
    const now = Date.now();
    const ids = await givenPayments(t, [
      { merchantId: a.merchantId, environment: env, createdAt: new Date('2026-01-10T09:00:00Z'), amountMinor: 500, outcome: 'completed', description: 'Mug' },
      { merchantId: a.merchantId, environment: env, createdAt: new Date('2026-02-15T09:00:00Z'), amountMinor: 25000, paymentMethod: 'bank_transfer', outcome: 'failed', customerName: 'Bob Jones', customerEmail: 'bob@shop.test' },
      { merchantId: a.merchantId, environment: env, createdAt: new Date('2026-03-01T00:00:00Z'), amountMinor: 150000, currency: 'USD', paymentMethod: 'digital_wallet', outcome: { refunded: [150000] }, customerName: 'Carla Diaz', customerEmail: 'carla@mail.test' },
      { merchantId: a.merchantId, environment: env, createdAt: new Date('2026-03-01T23:59:59.999Z'), amountMinor: 9999, customerName: 'Dan O_Neil 100%', customerEmail: 'dan@x.test' },
      { merchantId: a.merchantId, environment: env, createdAt: new Date('2026-03-20T09:00:00Z'), amountMinor: 20000, currency: 'EUR', outcome: { refunded: [5000] }, customerName: 'Eve Stone', customerEmail: 'EVE@Example.COM' },
      { merchantId: a.merchantId, environment: other(env), createdAt: new Date('2026-03-05T09:00:00Z'), customerName: 'Other Env', customerEmail: 'other@env.test' },
      { merchantId: a.merchantId, environment: env, createdAt: new Date(now - 2 * DAY), customerName: 'Recent Two', customerEmail: 'r2@x.test' },
      { merchantId: a.merchantId, environment: env, createdAt: new Date(now - 20 * DAY), customerName: 'Recent Twenty', customerEmail: 'r20@x.test' },
      { merchantId: a.merchantId, environment: env, createdAt: new Date(now - 60 * DAY), customerName: 'Recent Sixty', customerEmail: 'r60@x.test' },
      // B's payment looks like A's first one: search and filters must never reach it.
      { merchantId: b.merchantId, environment: 'production', createdAt: new Date('2026-01-10T09:00:00Z'), amountMinor: 500, outcome: 'completed' },
      { merchantId: b.merchantId, environment: 'staging', createdAt: new Date('2026-01-10T09:00:00Z'), amountMinor: 500, outcome: 'completed' },
    ]);
    const [jan, feb, marRefunded, marPending, marPartial, otherEnv, days2, days20, days60] = ids as [string, string, string, string, string, string, string, string, string];
    p = { jan, feb, marRefunded, marPending, marPartial, otherEnv, days2, days20, days60 };
  });
  afterAll(() => t.close());

  const list = (query: string, token = a.token) => t.request({ method: 'GET', url: `/api/transactions${query}`, headers: bearer(token) });
  const idsOf = async (query: string, token = a.token) => {
    const res = await list(query, token);
    expect([res.statusCode, query]).toEqual([200, query]);
    return res.json<TransactionPage>().data.map((row) => row.id);
  };

  describe('list', () => {
    it('answers the items newest first in the documented shape, amounts as decimal strings, description defaulting to "Payment"', async () => {
      const res = await list('');
      expect(res.statusCode).toBe(200);
      const page = res.json<TransactionPage>();
      expect(page.data.map((row) => row.id)).toEqual([p.days2, p.days20, p.days60, p.marPartial, p.marPending, p.marRefunded, p.feb, p.jan]);
      expect(page.nextCursor).toBeNull();
      const byId = new Map(page.data.map((row) => [row.id, row]));
      expect(byId.get(p.jan)).toEqual({
        id: p.jan,
        gatewayTransactionId: expect.stringMatching(/^gw-/),
        amount: '5.00',
        refundedAmount: '0.00',
        currency: 'GBP',
        paymentMethod: 'credit_card',
        status: 'completed',
        description: 'Mug',
        customerName: 'Ann Smith',
        customerEmail: 'ann@example.com',
        createdAt: '2026-01-10T09:00:00.000Z',
      });
      expect(byId.get(p.marPending)).toMatchObject({ description: 'Payment', status: 'pending', gatewayTransactionId: null, amount: '99.99' });
      expect(byId.get(p.marPartial)).toMatchObject({ status: 'completed', amount: '200.00', refundedAmount: '50.00', currency: 'EUR' });
      expect(byId.get(p.marRefunded)).toMatchObject({ status: 'refunded', amount: '1500.00', refundedAmount: '1500.00' });
    });

    it('pages with the cursor, newest first, with neither duplicates nor gaps, even among equal creation times', async () => {
      const c = await registerMerchant(t);
      const base = Date.parse('2026-05-01T00:00:00Z');
      // Three payments share each instant: the id breaks the tie.
      const ids = await givenPayments(t, Array.from({ length: 45 }, (_, i) => ({ merchantId: c.merchant.id, environment: c.merchant.environment, createdAt: new Date(base + Math.floor(i / 3) * 60_000) })));
      const expected = ids
        .map((id, i) => ({ id, at: base + Math.floor(i / 3) * 60_000 }))
        .sort((x, y) => y.at - x.at || (x.id < y.id ? 1 : -1))
        .map((row) => row.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await list(`?limit=10${cursor ? `&cursor=${cursor}` : ''}`, c.token);
        expect(res.statusCode).toBe(200);
        const page: TransactionPage = res.json<TransactionPage>();
        seen.push(...page.data.map((row) => row.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(5);
      expect(seen).toEqual(expected);
      expect((await list('', c.token)).json<TransactionPage>().data).toHaveLength(20);
    });

    it('filters by status (a partly refunded payment stays completed)', async () => {
      expect(await idsOf('?status=completed')).toEqual([p.marPartial, p.jan]);
      expect(await idsOf('?status=refunded')).toEqual([p.marRefunded]);
      expect(await idsOf('?status=failed')).toEqual([p.feb]);
      expect(await idsOf('?status=cancelled')).toEqual(await idsOf('?status=canceled'));
    });

    it('filters by payment method', async () => {
      expect(await idsOf('?paymentMethod=bank_transfer')).toEqual([p.feb]);
      expect(await idsOf('?paymentMethod=digital_wallet')).toEqual([p.marRefunded]);
    });

    it('filters by dates: a bare date is its whole UTC day, a date-time is an instant, both inclusive', async () => {
      expect(await idsOf('?from=2026-03-01&to=2026-03-01')).toEqual([p.marPending, p.marRefunded]);
      expect(await idsOf('?from=2026-03-01T00:00:00.001Z&to=2026-03-20T09:00:00Z')).toEqual([p.marPartial, p.marPending]);
      expect(await idsOf('?to=2026-02-15')).toEqual([p.feb, p.jan]);
      // 00:00 at UTC+1 is 23:00 UTC the day before.
      expect(await idsOf(`?from=2026-03-02T00:00:00%2B01:00&to=2026-03-31`)).toEqual([p.marPartial, p.marPending]);
    });

    it('filters by the last 7, 30 or 90 days', async () => {
      expect(await idsOf('?period=7d')).toEqual([p.days2]);
      expect(await idsOf('?period=30d')).toEqual([p.days2, p.days20]);
      expect(await idsOf('?period=90d')).toEqual([p.days2, p.days20, p.days60]);
    });

    it('filters by an amount range in minor units, bounds inclusive, and by currency', async () => {
      expect(await idsOf('?minAmount=10000&maxAmount=30000')).toEqual([p.marPartial, p.feb]);
      expect(await idsOf('?minAmount=9999&maxAmount=9999')).toEqual([p.marPending]);
      expect(await idsOf('?minAmount=100000')).toEqual([p.marRefunded]);
      expect(await idsOf('?maxAmount=500')).toEqual([p.jan]);
      expect(await idsOf('?currency=usd')).toEqual([p.marRefunded]);
    });

    it('combines filters', async () => {
      expect(await idsOf('?status=completed&paymentMethod=credit_card&from=2026-01-01&to=2026-03-31')).toEqual([p.marPartial, p.jan]);
      expect(await idsOf('?status=completed&paymentMethod=credit_card&from=2026-01-01&to=2026-03-31&minAmount=1000')).toEqual([p.marPartial]);
      expect(await idsOf('?status=completed&currency=GBP&q=ann')).toEqual([p.jan]);
      expect(await idsOf('?status=failed&paymentMethod=credit_card')).toEqual([]);
    });

    it('searches the beginning of the e-mail, the name, its last word or the id, case-insensitively; % and _ are plain characters', async () => {
      expect(await idsOf('?q=ANN%20SMI')).toEqual([p.jan]);
      expect(await idsOf('?q=smith')).toEqual([p.jan]);
      expect(await idsOf('?q=bob@SHOP')).toEqual([p.feb]);
      expect(await idsOf('?q=eve@example.com')).toEqual([p.marPartial]);
      expect(await idsOf('?q=recent')).toEqual([p.days2, p.days20, p.days60]);
      expect(await idsOf('?q=Tw')).toEqual([p.days2, p.days20]);
      expect(await idsOf(`?q=${p.marRefunded}`)).toEqual([p.marRefunded]);
      expect(await idsOf(`?q=${p.marRefunded.slice(0, 13).toUpperCase()}`)).toEqual([p.marRefunded]);
      expect(await idsOf(`?q=${p.marRefunded.slice(0, 8)}${p.marRefunded.slice(9, 11)}`)).toEqual([p.marRefunded]);
      // A prefix, not any part: the middle of a name, an address or an id is no match.
      expect(await idsOf('?q=mith')).toEqual([]);
      expect(await idsOf('?q=example.com')).toEqual([]);
      expect(await idsOf(`?q=${p.marRefunded.slice(1, 9)}`)).toEqual([]);
      expect(await idsOf('?q=100%25')).toEqual([p.marPending]);
      expect(await idsOf('?q=%25')).toEqual([]);
      expect(await idsOf('?q=dan%20o_n')).toEqual([p.marPending]);
      expect(await idsOf('?q=dan%20oxn')).toEqual([]);
      expect(await idsOf('?q=nobody-has-this')).toEqual([]);
      expect(await idsOf('?q=%20%20')).toHaveLength(8);
      // Hostile or odd text is a search like any other: no match, never a 500.
      for (const q of ['\\', "'; DROP TABLE payments; --", '-', '----', 'f'.repeat(33), `${p.marRefunded}0`, '(\\S+)']) {
        expect(await idsOf(`?q=${encodeURIComponent(q)}`)).toEqual([]);
      }
    });

    it('pages through search results with the cursor, each match once', async () => {
      const c = await registerMerchant(t);
      const base = Date.parse('2026-06-01T00:00:00Z');
      // Each matches one or more ways (name, surname, e-mail): the union must not repeat any.
      const ids = await givenPayments(
        t,
        Array.from({ length: 25 }, (_, i) => ({
          merchantId: c.merchant.id,
          environment: c.merchant.environment,
          createdAt: new Date(base + i * 60_000),
          customerName: i % 2 ? 'Kim Kimura' : 'Lee Kim',
          customerEmail: i % 3 ? `kim${i}@shop.test` : `lee${i}@shop.test`,
        })),
      );
      const seen: string[] = [];
      let cursor = '';
      do {
        const page = (await list(`?q=kim&limit=10${cursor}`, c.token)).json<TransactionPage>();
        seen.push(...page.data.map((row) => row.id));
        cursor = page.nextCursor ? `&cursor=${encodeURIComponent(page.nextCursor)}` : '';
      } while (cursor);
      expect(seen).toEqual([...ids].reverse());
    });

    it("a period is the analytics tab's: N UTC days, today included, from midnight", async () => {
      const c = await registerMerchant(t);
      const midnight = new Date();
      midnight.setUTCHours(0, 0, 0, 0);
      const firstDay = midnight.getTime() - 6 * DAY;
      const [inside, before] = await givenPayments(t, [
        { merchantId: c.merchant.id, environment: c.merchant.environment, createdAt: new Date(firstDay + 1_000), customerName: 'First Day' },
        { merchantId: c.merchant.id, environment: c.merchant.environment, createdAt: new Date(firstDay - 1_000), customerName: 'Day Before' },
      ]);
      expect(await idsOf('?period=7d', c.token)).toEqual([inside]);
      expect(await idsOf('?period=30d', c.token)).toEqual([inside, before]);
      const analytics = await t.request({ method: 'GET', url: '/api/merchants/analytics?days=7', headers: bearer(c.token) });
      expect(analytics.json()).toMatchObject({ totalTransactions: 1 });
    });

    it.each([
      ['?status=paid', 'status', 'Status must be one of pending, requires_action, completed, failed, refunded, canceled, disputed'],
      ['?paymentMethod=cash', 'paymentMethod', 'Payment method must be one of credit_card, bank_transfer, digital_wallet'],
      ['?limit=0', 'limit', 'Limit must be a number between 1 and 100'],
      ['?limit=101', 'limit', 'Limit must be a number between 1 and 100'],
      ['?limit=ten', 'limit', 'Limit must be a number between 1 and 100'],
      ['?limit=0x10', 'limit', 'Limit must be a number between 1 and 100'],
      ['?limit=1e1', 'limit', 'Limit must be a number between 1 and 100'],
      ['?limit=', 'limit', 'Limit must be a number between 1 and 100'],
      ['?cursor=not-a-cursor', 'cursor', 'Invalid cursor'],
      // Dates JavaScript parses but PostgreSQL refuses: these were 500s.
      [`?cursor=${Buffer.from('0000-01-01T00:00:00Z|5b20a795-8cd5-4c78-80c9-7e96793feb12').toString('base64url')}`, 'cursor', 'Invalid cursor'],
      [`?cursor=${Buffer.from('+275760-09-13T00:00:00.000Z|5b20a795-8cd5-4c78-80c9-7e96793feb12').toString('base64url')}`, 'cursor', 'Invalid cursor'],
      ['?from=yesterday', 'from', 'Must be an ISO date (2026-01-31) or date-time with a time zone (2026-01-31T12:00:00Z)'],
      ['?to=2026-02-30', 'to', 'Must be an ISO date (2026-01-31) or date-time with a time zone (2026-01-31T12:00:00Z)'],
      ['?from=2026-01-01T10:00:00', 'from', 'Must be an ISO date (2026-01-31) or date-time with a time zone (2026-01-31T12:00:00Z)'],
      ['?from=2026-03-02&to=2026-03-01', 'from', 'from must not be after to'],
      ['?period=1y', 'period', 'Period must be one of 7d, 30d, 90d'],
      ['?period=7d&from=2026-01-01', 'period', 'Use either period or from/to, not both'],
      ['?minAmount=-1', 'minAmount', 'Must be a whole number of minor units from 0 to 99999999999'],
      ['?maxAmount=1.5', 'maxAmount', 'Must be a whole number of minor units from 0 to 99999999999'],
      ['?minAmount=500&maxAmount=100', 'minAmount', 'minAmount must not be greater than maxAmount'],
      ['?currency=pounds', 'currency', 'Currency must be a 3-letter ISO code'],
      ['?currency=ZZZ', 'currency', 'Currency ZZZ is not an ISO 4217 currency'],
      [`?q=${'x'.repeat(201)}`, 'q', 'Search must be one text of at most 200 characters'],
      ['?q=a&q=b', 'q', 'Search must be one text of at most 200 characters'],
      ['?status=completed&status=failed', 'status', 'Status must be one of pending, requires_action, completed, failed, refunded, canceled, disputed'],
    ])('%s is a 400 naming the field', async (query, field, message) => {
      // The export takes the same filters (paging is the list's only).
      const urls = [`/api/transactions${query}`, ...(field === 'limit' || field === 'cursor' ? [] : [`/api/transactions/export${query}`])];
      for (const url of urls) {
        const res = await t.request({ method: 'GET', url, headers: bearer(a.token) });
        expect([url, res.statusCode, res.json()]).toEqual([url, 400, expect.objectContaining({ errors: expect.arrayContaining([{ field, message }]) })]);
      }
    });

    it('refuses unknown parameters instead of silently ignoring a misspelt filter', async () => {
      const res = await list('?stauts=failed');
      expect([res.statusCode, res.json().errors]).toEqual([400, [{ field: 'stauts', message: 'Unrecognized key: "stauts"' }]]);
      // Hundreds of them are not all echoed back.
      const many = await list(`?${Array.from({ length: 500 }, (_, i) => `k${i}=1`).join('&')}`);
      expect([many.statusCode, many.json().errors[0].field, many.body.length < 1_000]).toEqual([400, 'k0', true]);
    });

    it('shows another merchant nothing of A, whatever the filter or search', async () => {
      expect(await idsOf('', b.token)).toHaveLength(1);
      for (const query of ['?q=Ann', `?q=${p.jan}`, '?status=completed', '?from=2026-01-10&to=2026-01-10']) {
        const res = await list(query, b.token);
        expect(res.json<TransactionPage>().data.map((row) => row.id)).not.toContain(p.jan);
        expect(res.body).not.toContain(a.merchantId);
      }
    });

    it("lists only the merchant's current environment; switching it switches the list", async () => {
      const d = await registerMerchant(t);
      const env = d.merchant.environment;
      const [here, there] = await givenPayments(t, [
        { merchantId: d.merchant.id, environment: env },
        { merchantId: d.merchant.id, environment: other(env) },
      ]);
      expect(await idsOf('', d.token)).toEqual([here]);
      expect((await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(d.token) })).json().environment).toBe(other(env));
      expect(await idsOf('', d.token)).toEqual([there]);
      const csv = (await t.request({ method: 'GET', url: '/api/transactions/export', headers: bearer(d.token) })).body;
      expect([csv.includes(there!), csv.includes(here!)]).toEqual([true, false]);
    });
  });

  describe('CSV export', () => {
    const exportCsv = (query: string, token = a.token) => t.request({ method: 'GET', url: `/api/transactions/export${query}`, headers: bearer(token) });

    it('is a CSV attachment of every matching transaction, newest first, with a header row', async () => {
      const res = await exportCsv('?status=completed');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="transactions-${a.environment}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
      const lines = res.body.trimEnd().split('\n');
      expect(lines[0]).toBe('id,createdAt,status,amount,refundedAmount,currency,paymentMethod,description,customerName,customerEmail,gatewayTransactionId');
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([p.marPartial, p.jan]);
      expect(lines[2]).toMatch(new RegExp(`^${p.jan},2026-01-10T09:00:00.000Z,completed,5.00,0.00,GBP,credit_card,Mug,Ann Smith,ann@example.com,gw-`));
    });

    it('applies every filter the list does, search included', async () => {
      for (const query of ['?paymentMethod=bank_transfer', '?from=2026-03-01&to=2026-03-01', '?minAmount=10000&maxAmount=30000', '?q=carla', '?period=30d', '']) {
        const rows = (await exportCsv(query)).body.trimEnd().split('\n').slice(1).map((line) => line.split(',')[0]);
        expect([query, rows]).toEqual([query, await idsOf(`${query}${query ? '&' : '?'}limit=100`)]);
      }
    });

    it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas', async () => {
      const e = await registerMerchant(t);
      await givenPayments(t, [
        { merchantId: e.merchant.id, environment: e.merchant.environment, createdAt: new Date('2026-04-02T00:00:00Z'), customerName: '=HYPERLINK("http://evil.test","Click")', customerEmail: '+1@x.test', description: '-2+3' },
        { merchantId: e.merchant.id, environment: e.merchant.environment, createdAt: new Date('2026-04-01T00:00:00Z'), customerName: 'Smith, "Jr"\nSecond line', customerEmail: '@home@x.test', description: '\tTabbed' },
      ]);
      const body = (await exportCsv('', e.token)).body;
      expect(body).toContain(`,'-2+3,`);
      expect(body).toContain(`,"'=HYPERLINK(""http://evil.test"",""Click"")",'+1@x.test,`);
      expect(body).toContain(`,"Smith, ""Jr""\nSecond line",'@home@x.test,`);
      expect(body).toContain(`,'\tTabbed,`);
    });

    it('answers another merchant only its own rows', async () => {
      const body = (await exportCsv('', b.token)).body;
      expect(body.trimEnd().split('\n')).toHaveLength(2);
      expect(body).not.toContain(p.jan);
    });

    it('streams a few thousand rows from the database in keyset batches, every row exactly once', async () => {
      const f = await registerMerchant(t);
      const base = Date.parse('2026-06-01T00:00:00Z');
      const ids = await givenPayments(t, Array.from({ length: 2500 }, (_, i) => ({ merchantId: f.merchant.id, environment: f.merchant.environment, createdAt: new Date(base + Math.floor(i / 2) * 1000) })));
      const queries = t.app.get(TransactionQueries);
      const rows = jest.spyOn(queries as unknown as { rows: (...args: unknown[]) => Promise<unknown[]> }, 'rows');
      try {
        const res = await exportCsv('', f.token);
        expect(res.statusCode).toBe(200);
        const exported = res.body.trimEnd().split('\n').slice(1).map((line) => line.split(',')[0]);
        expect(exported).toHaveLength(2500);
        expect(new Set(exported)).toEqual(new Set(ids));
        // 1,000 rows a round trip: never the whole result at once.
        expect(rows.mock.calls.map((call) => call[2])).toEqual([1000, 1000, 1000]);
      } finally {
        rows.mockRestore();
      }
    }, 90_000);
  });
});
