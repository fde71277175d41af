import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { TestApp } from './support/app.js';
import { HttpReceiver } from './support/http-receiver.js';
import { KEY, sandboxGatewayBed } from './support/sandbox-gateway.js';

/** The sandbox gateway's 3-D Secure page, challenge window and IPNs, at the protocol level. */
describe("the sandbox gateway's 3-D Secure page and IPNs", () => {
  const { bed, call, ipnsOf, tokenize, saleBody, pay, refundBody } = sandboxGatewayBed();
  let t: TestApp;
  let db: DataSource;
  let ipn: HttpReceiver;
  beforeAll(() => void ({ t, db, ipn } = bed));

  describe('3-D Secure', () => {
    /** The browser's post of one of the page's forms (multipart, no fields). */
    const submit = (id: string, decision: string) =>
      t.request({ method: 'POST', url: `/api/sandbox-gateway/3ds/${id}/${decision}`, headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' });
    const pending = async (reference = randomUUID()) => {
      const body = { ...saleBody(await tokenize('4000000000003220'), reference, 12345), End3DSHostPostbackURL: 'https://shop.test/3ds-done?order=7' };
      const answer = (await call('PayWithToken', body)).json();
      return { id: answer.Transaction.Id as string, redirect: new URL(answer.Async.RedirectUrl as string) };
    };

    it('the redirect page shows the amount and the card, with an Approve and a Fail form posting to the sandbox', async () => {
      const { id, redirect } = await pending();
      const res = await t.request({ method: 'GET', url: redirect.pathname });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      // The decision's redirects go on to the merchant's return URL: a form-action list would stop them.
      expect(res.headers['content-security-policy']).not.toContain('form-action');
      expect(res.body).toContain('<title>3-D Secure check · Sandbox gateway</title>');
      expect(res.body).toContain('£123.45');
      expect(res.body).toContain('visa card ending 3220');
      expect(res.body).toContain(`<form method="post" action="/api/sandbox-gateway/3ds/${id}/approve" enctype="multipart/form-data"><button type="submit" class="approve">Approve</button></form>`);
      expect(res.body).toContain(`action="/api/sandbox-gateway/3ds/${id}/fail"`);
      expect(res.body).toContain('>Fail</button>');
    });

    it('Approve settles the sale (0), sends its IPN and returns the payer 303 to End3DSHostPostbackURL with TransactionId', async () => {
      const reference = randomUUID();
      const { id } = await pending(reference);
      const res = await submit(id, 'approve');
      expect([res.statusCode, res.headers.location]).toEqual([303, `https://shop.test/3ds-done?order=7&TransactionId=${id}`]);
      const check = (await call('CheckTransaction', { ...KEY, TransactionId: id })).json();
      expect([check.Result, check.Transaction.Status, check.Async]).toEqual([{ Code: 0, Message: 'Approved' }, 'approved', undefined]);
      expect((await ipnsOf(id))[0]).toMatchObject({ Result_Code: 0, References_Merchant: reference, Transaction_Amount: 12345 });
      // The idempotent repeat of the sale now answers the settled transaction.
      expect((await call('PayWithToken', { ...saleBody('tok_x', reference, 12345) })).json().Result.Code).toBe(0);
    });

    it("the token stays with its 3-D Secure sale: the payer's approval completes it, and no other sale can use it", async () => {
      const token = await tokenize('4000000000003220');
      const reference = randomUUID();
      const answer = (await call('PayWithToken', saleBody(token, reference))).json();
      expect(answer.Result.Code).toBe(7);
      expect((await call('PayWithToken', saleBody(token))).json().Result).toEqual({ Code: 2, Message: 'Invalid card details' });
      expect((await submit(answer.Transaction.Id, 'approve')).statusCode).toBe(303);
      expect((await call('CheckTransaction', { ...KEY, TransactionId: answer.Transaction.Id })).json().Result).toEqual({ Code: 0, Message: 'Approved' });
      expect((await call('PayWithToken', saleBody(token, reference))).json().Result.Code).toBe(0);
    });

    it('Fail declines it (1) and returns the payer the same way; a second answer changes nothing', async () => {
      const { id } = await pending();
      const res = await submit(id, 'fail');
      expect([res.statusCode, res.headers.location]).toEqual([303, `https://shop.test/3ds-done?order=7&TransactionId=${id}`]);
      expect((await submit(id, 'approve')).statusCode).toBe(303);
      expect((await call('CheckTransaction', { ...KEY, TransactionId: id })).json().Result).toEqual({ Code: 1, Message: 'Payment declined' });
      expect((await ipnsOf(id))[0]).toMatchObject({ Result_Code: 1, Result_Message: 'Payment declined' });
      const page = await t.request({ method: 'GET', url: `/api/sandbox-gateway/3ds/${id}` });
      expect([page.statusCode, page.body.includes('Already settled')]).toEqual([409, true]);
    });

    it('a challenge left past its 10-minute window is declined when next looked at: code 1, one IPN, no late approval', async () => {
      const reference = randomUUID();
      const { id } = await pending(reference);
      const leftFor = async (minutes: number) => db.query(`UPDATE sandbox_gateway_transactions SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [id, minutes]);
      await leftFor(9);
      expect((await call('CheckTransaction', { ...KEY, TransactionId: id })).json().Result.Code).toBe(7);
      await leftFor(11);
      const page = await t.request({ method: 'GET', url: `/api/sandbox-gateway/3ds/${id}` });
      expect([page.statusCode, page.body.includes('3D Secure authentication expired')]).toEqual([409, true]);
      const check = (await call('CheckTransaction', { ...KEY, Request: { References: { Merchant: reference } } })).json();
      expect([check.Result, check.Transaction.Status, check.Async]).toEqual([{ Code: 1, Message: '3D Secure authentication expired' }, 'declined', undefined]);
      // The payer answering late is returned to the shop, and the sale stays declined.
      expect((await submit(id, 'approve')).headers.location).toBe(`https://shop.test/3ds-done?order=7&TransactionId=${id}`);
      expect((await call('CheckTransaction', { ...KEY, TransactionId: id })).json().Result.Code).toBe(1);
      expect((await call('PayWithToken', saleBody('tok_x', reference, 12345))).json().Result.Code).toBe(1);
      const [sent] = await ipnsOf(id);
      expect(sent).toMatchObject({ Result_Code: 1, Result_Message: '3D Secure authentication expired', References_Merchant: reference });
      // Expired once, announced once: a later IPN has passed through without a second one about it.
      await ipnsOf((await pay('4111111111111111')).json().Transaction.Id as string);
      expect(ipn.received.filter((request) => request.json.TransactionId === id)).toHaveLength(1);
    });

    it('a closed window asked about by several at once is declined once: one IPN', async () => {
      const { id } = await pending();
      await db.query(`UPDATE sandbox_gateway_transactions SET created_at = now() - interval '11 minutes' WHERE id = $1`, [id]);
      // The payer's late visit, the merchant's reconciliation and its IPN check, all at the same moment.
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => call('CheckTransaction', { ...KEY, TransactionId: id })),
        t.request({ method: 'GET', url: `/api/sandbox-gateway/3ds/${id}` }),
      ]);
      expect(answers.slice(0, 4).map((res) => res.json().Result.Code)).toEqual([1, 1, 1, 1]);
      expect(answers[4]?.statusCode).toBe(409);
      await ipnsOf(id);
      await ipnsOf((await pay('4111111111111111')).json().Transaction.Id as string);
      expect(ipn.received.filter((request) => request.json.TransactionId === id)).toHaveLength(1);
    });

    it('escapes what it prints', async () => {
      // A token row as a hostile gateway database could hold it: the page must print it as text.
      await db.query(`INSERT INTO sandbox_gateway_tokens (token, brand, last4, exp_month, exp_year, behaviour) VALUES ('tok_hostile', '<script>alert(1)</script>', '"&''>', 1, 2099, 'three_d_secure')`);
      const answer = (await call('PayWithToken', saleBody('tok_hostile'))).json();
      const res = await t.request({ method: 'GET', url: new URL(answer.Async.RedirectUrl as string).pathname });
      expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; card ending &quot;&amp;&#39;&gt;');
      expect(res.body).not.toContain('<script>');
    });

    it('answers 404 for an unknown transaction or decision', async () => {
      expect((await t.request({ method: 'GET', url: `/api/sandbox-gateway/3ds/${randomUUID()}` })).statusCode).toBe(404);
      expect((await submit(randomUUID(), 'approve')).statusCode).toBe(404);
      const { id } = await pending();
      expect((await submit(id, 'maybe')).statusCode).toBe(404);
    });
  });

  describe('IPN', () => {
    it('posts the documented fields to IPNURL after an approved sale, a declined one and a refund', async () => {
      const reference = randomUUID();
      const approved = (await pay('5555555555554444', reference, 1250)).json().Transaction.Id as string;
      const [sent] = await ipnsOf(approved);
      expect(sent).toEqual({
        TransactionId: approved,
        Result_Code: 0,
        Result_Message: 'Approved',
        Transaction_Amount: 1250,
        Transaction_Currency: 'GBP',
        Card_LastFourDigits: '4444',
        Card_ApplicationProfile: 'mastercard',
        References_Merchant: reference,
        Result_TimeStamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });

      const declined = (await pay('4000000000000002')).json().Transaction.Id as string;
      expect((await ipnsOf(declined))[0]).toMatchObject({ Result_Code: 1, Result_Message: 'Payment declined' });

      const refundReference = randomUUID();
      const refund = (await call('AdjustTransaction', refundBody(approved, 250, refundReference))).json().Transaction.Id as string;
      expect((await ipnsOf(refund))[0]).toMatchObject({ Result_Code: 0, Transaction_Amount: 250, References_Merchant: refundReference, Card_LastFourDigits: '4444' });
    });

    it('retries when the merchant answers an error, until it takes the IPN', async () => {
      const reference = randomUUID();
      // A merchant having a bad moment: its first two IPNs about this sale answered 500.
      let failures = 2;
      ipn.answer = (request) => (request.json.References_Merchant === reference && failures-- > 0 ? 500 : 200);
      const id = (await pay('4111111111111111', reference)).json().Transaction.Id as string;
      const deliveries = await ipnsOf(id, 3);
      expect(new Set(deliveries.map((d) => JSON.stringify(d))).size).toBe(1);
    });

    it('sends nothing to an origin that is neither the app nor allowed (its key is public: no open relay)', async () => {
      const stranger = await HttpReceiver.start();
      try {
        const body = saleBody(await tokenize('4111111111111111'));
        body.Request.Transaction.IPNURL = stranger.url('/ipn');
        expect((await call('PayWithToken', body)).json().Result.Code).toBe(0);
        // A later IPN to the allowed receiver has passed through: the stranger's would have gone first.
        const later = (await pay('4111111111111111')).json().Transaction.Id as string;
        await ipnsOf(later);
        expect(stranger.received).toEqual([]);
      } finally {
        await stranger.close();
      }
    });

    it('sends nothing while 3-D Secure is pending', async () => {
      const reference = randomUUID();
      await pay('4000000000003220', reference);
      // A later IPN (for another sale) has passed through: the pending one's would have come first.
      const later = (await pay('4111111111111111')).json().Transaction.Id as string;
      await ipnsOf(later);
      expect(ipn.received.filter((sent) => sent.json.References_Merchant === reference)).toEqual([]);
    });
  });
});
