import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Environment, TransactionPage } from '@tallyline/contracts';
import { DatabasePool } from '../src/platform/database/database-pool.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { givenPayments } from './support/given-payments.js';
import { indexesUsed, rowsRead, type PlanNode } from './support/query-plan.js';

const other = (environment: Environment): Environment => (environment === 'staging' ? 'production' : 'staging');

/** The transactions tab's `q` (GET /api/transactions and /export) with accented names: migration 1700000001480. */
describe('the transactions search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const idsOf = async (query: string, token: string) => {
    const res = await t.request({ method: 'GET', url: `/api/transactions${query}`, headers: bearer(token) });
    expect([res.statusCode, query]).toEqual([200, query]);
    return res.json<TransactionPage>().data.map((row) => row.id);
  };

  describe('search ignores accents and case, on both sides', () => {
    let c: { token: string; merchantId: string; environment: Environment };
    let d: { token: string; merchantId: string };
    let q: Record<'joseAccented' | 'josePlain' | 'muellerUmlaut' | 'mullerPlain' | 'zoe' | 'byEmail' | 'otherEnv' | 'dJose', string>;

    beforeAll(async () => {
      const [rc, rd] = await Promise.all([registerMerchant(t), registerMerchant(t)]);
      c = { token: rc.token, merchantId: rc.merchant.id, environment: rc.merchant.environment };
      d = { token: rd.token, merchantId: rd.merchant.id };
      const at = (day: number) => new Date(Date.UTC(2026, 4, day, 9));
      const ids = await givenPayments(t, [
        { merchantId: c.merchantId, environment: c.environment, createdAt: at(1), customerName: 'José García', customerEmail: 'jgarcia@shop.test' },
        { merchantId: c.merchantId, environment: c.environment, createdAt: at(2), customerName: 'Jose Garcia', customerEmail: 'jose.g@mail.test' },
        { merchantId: c.merchantId, environment: c.environment, createdAt: at(3), customerName: 'Hans Müller', customerEmail: 'hans@shop.test' },
        { merchantId: c.merchantId, environment: c.environment, createdAt: at(4), customerName: 'Anna MULLER', customerEmail: 'anna@shop.test' },
        { merchantId: c.merchantId, environment: c.environment, createdAt: at(5), customerName: 'Zoë Ångström', customerEmail: 'zoe@shop.test' },
        // Found by the e-mail only: the name does not start with it.
        { merchantId: c.merchantId, environment: c.environment, createdAt: at(6), customerName: 'J. Smith', customerEmail: 'joão.smith@shop.test' },
        // The same names out of reach: C's other environment, and another merchant.
        { merchantId: c.merchantId, environment: other(c.environment), createdAt: at(7), customerName: 'José Other', customerEmail: 'jose@other.test' },
        { merchantId: d.merchantId, environment: rd.merchant.environment, createdAt: at(8), customerName: 'José Müller', customerEmail: 'jose@d.test' },
      ]);
      const [joseAccented, josePlain, muellerUmlaut, mullerPlain, zoe, byEmail, otherEnv, dJose] = ids as [string, string, string, string, string, string, string, string];
      q = { joseAccented, josePlain, muellerUmlaut, mullerPlain, zoe, byEmail, otherEnv, dJose };
    });

    const search = (text: string, token = c.token) => idsOf(`?q=${encodeURIComponent(text)}`, token);

    it('"Jose" finds "José García" and "José" finds "Jose Garcia", by name and by surname', async () => {
      for (const text of ['Jose', 'josé', 'JOSÉ', 'José Gar', 'jose garcía']) expect([text, await search(text)]).toEqual([text, [q.josePlain, q.joseAccented]]);
      for (const text of ['garcia', 'García', 'GARCÍ']) expect([text, await search(text)]).toEqual([text, [q.josePlain, q.joseAccented]]);
    });

    it('"muller" finds "Müller" and "Müller" finds "MULLER", whatever the case', async () => {
      for (const text of ['muller', 'Müller', 'MÜLL', 'mull', 'hans muller', 'Anna Müller']) {
        const expected = text.startsWith('hans') ? [q.muellerUmlaut] : text.startsWith('Anna') ? [q.mullerPlain] : [q.mullerPlain, q.muellerUmlaut];
        expect([text, await search(text)]).toEqual([text, expected]);
      }
      expect(await search('zoe angstrom')).toEqual([q.zoe]);
      expect(await search('ÅNGSTRÖM')).toEqual([q.zoe]);
    });

    it('matches the beginning of the e-mail the same way', async () => {
      expect(await search('joao.s')).toEqual([q.byEmail]);
      expect(await search('JOÃO.SMITH@')).toEqual([q.byEmail]);
      expect(await search('jose.g@')).toEqual([q.josePlain]);
      expect(await search('José.G@MAIL')).toEqual([q.josePlain]);
    });

    it('still matches only beginnings, and a full-width wildcard stays a plain character', async () => {
      expect(await search('arcia')).toEqual([]);
      expect(await search('üller')).toEqual([]);
      // unaccent turns "＿" and "％" into "_" and "%": still no wildcards.
      expect(await search('zo＿')).toEqual([]);
      expect(await search('％')).toEqual([]);
    });

    it("stays within the merchant's current environment, and never reaches another merchant", async () => {
      expect(await search('josé')).not.toContain(q.otherEnv);
      expect(await search('José', d.token)).toEqual([q.dJose]);
      expect(await search('muller', d.token)).toEqual([q.dJose]);
      expect(await search('Jose Other')).toEqual([]);
      expect(await search('hans', d.token)).toEqual([]);
      // The other environment's José appears once the merchant switches to it, alone.
      expect((await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(c.token) })).statusCode).toBe(200);
      try {
        expect(await search('jose')).toEqual([q.otherEnv]);
      } finally {
        expect((await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(c.token) })).json().environment).toBe(c.environment);
      }
    });

    it('the CSV export finds the same rows', async () => {
      const res = await t.request({ method: 'GET', url: `/api/transactions/export?q=${encodeURIComponent('Muller')}`, headers: bearer(c.token) });
      expect(res.statusCode).toBe(200);
      const rows = res.body.trimEnd().split('\n').slice(1);
      expect(rows.map((line) => line.split(',')[0])).toEqual([q.mullerPlain, q.muellerUmlaut]);
      expect(rows.join('\n')).toContain('Hans Müller');
    });

    it("reads the matches from the folded text's indexes, not the merchant's payments", async () => {
      // Enough payments for the planner to choose as it would for a real merchant: 20,000 others.
      const e = await registerMerchant(t);
      const pool = t.app.get(DatabasePool);
      await pool.query(
        `INSERT INTO payments (id, merchant_id, environment, amount_minor, currency, status, payment_method, customer_email, customer_name, order_id, created_at, updated_at, position)
         SELECT gen_random_uuid(), $1, $2, 1000, 'GBP', 'completed', 'credit_card', 'customer' || g || '@bulk.test', 'Customer ' || g, 'order-' || g, now() - g * interval '1 minute', now(), 0
           FROM generate_series(1, 20000) g`,
        [e.merchant.id, e.merchant.environment],
      );
      const [muller] = await givenPayments(t, [{ merchantId: e.merchant.id, environment: e.merchant.environment, customerName: 'Hans Müller', customerEmail: 'hans@shop.test' }]);
      await pool.query('ANALYZE payments');
      const query = jest.spyOn(pool, 'query');
      let statement: [string, unknown[]] | undefined;
      try {
        expect(await search('MULLER', e.token)).toEqual([muller]);
        statement = query.mock.calls.map(([sql, values]) => [String(sql), values as unknown[]] as [string, unknown[]]).find(([sql]) => sql.includes('f_unaccent'));
      } finally {
        query.mockRestore();
      }
      expect(statement).toBeDefined();
      const [sql, values] = statement!;
      const plan = (await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, values)).rows[0]!['QUERY PLAN'][0].Plan;
      expect(indexesUsed(plan).filter((name) => name.startsWith('payments_search_')).sort()).toEqual(['payments_search_email_folded_idx', 'payments_search_name_folded_idx', 'payments_search_surname_folded_idx']);
      // The one match through each index and the row itself, not 20,000 payments.
      expect(rowsRead(plan, 'payments')).toBeLessThan(10);
    }, 60_000);
  });
});
