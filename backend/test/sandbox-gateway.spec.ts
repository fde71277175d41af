import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createSessionKey, SANDBOX_PRIVATE_KEY, SESSION_KEY_TTL_MS } from '../src/sandbox-gateway/protocol.js';
import { createTestApp, type TestApp } from './support/app.js';
import { HttpReceiver } from './support/http-receiver.js';

const CARD = { cardNumber: '4111111111111111', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
const KEY = { PrivateMerchantKey: SANDBOX_PRIVATE_KEY };

/** The sandbox gateway at the protocol level: raw HTTP calls with the documented field names. */
describe('the sandbox gateway (/api/sandbox-gateway)', () => {
  let t: TestApp;
  let db: DataSource;
  let ipn: HttpReceiver;
  let sessionKey: string;
  beforeAll(async () => {
    ipn = await HttpReceiver.start();
    t = await createTestApp({ SANDBOX_IPN_ORIGINS: new URL(ipn.url('/ipn')).origin });
    db = t.app.get(DataSource);
    sessionKey = (await call('CreateSessionKey', KEY)).json().SessionKey;
  });
  afterAll(async () => {
    await t.close();
    await ipn.close();
  });

  const call = (path: string, payload: object) => t.request({ method: 'POST', url: `/api/sandbox-gateway/${path}`, payload });
  /** The IPN bodies about a transaction once `count` have come (jest's timeout bounds the wait). */
  const ipnsOf = async (transactionId: string, count = 1) => (await ipn.waitFor('/ipn', (request) => request.json.TransactionId === transactionId, count)).map((request) => request.json);
  const tokenize = async (cardNumber: string) => {
    const res = await call('tokens', { ...CARD, cardNumber });
    expect(res.statusCode).toBe(201);
    return res.json().token as string;
  };
  const saleBody = (token: string, reference: string = randomUUID(), amount = 10000) => ({
    ...KEY,
    SessionKey: sessionKey,
    RequestType: 0,
    Token: token,
    Request: {
      Transaction: { Amount: amount, Currency: 'GBP', IPNURL: ipn.url('/ipn'), SuccessURL: 'https://shop.test/ok', CancelURL: 'https://shop.test/cancel' },
      Customer: { Email: 'ann@example.com', FullName: 'Ann Smith' },
      References: { Merchant: reference },
    },
    End3DSHostPostbackURL: 'https://shop.test/3ds-done',
  });
  const pay = async (cardNumber: string, reference?: string, amount?: number) => call('PayWithToken', saleBody(await tokenize(cardNumber), reference, amount));
  const refundBody = (transactionId: string, amount: number, reference: string = randomUUID()) => ({
    ...KEY,
    SessionKey: sessionKey,
    RequestType: 2,
    TransactionId: transactionId,
    Request: { Transaction: { Amount: amount, Currency: 'GBP' }, References: { Merchant: reference } },
  });
  const transactionsWith = async (reference: string) =>
    (await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM sandbox_gateway_transactions WHERE reference = $1`, [reference]))[0]?.n;

  describe('tokens', () => {
    it('answers 201 with a token and the card brand and last four; no card number or CVC is stored anywhere', async () => {
      const res = await call('tokens', { ...CARD, cardNumber: '5555 5555 5555 4444', cvc: '987' });
      expect(res.statusCode).toBe(201);
      const { token, card } = res.json();
      expect(card).toEqual({ brand: 'mastercard', last4: '4444' });
      expect(token).toMatch(/^tok_/);
      expect(token).not.toContain('5555555555554444');
      const [row] = await db.query<{ row: string }[]>(`SELECT row_to_json(t)::text AS row FROM sandbox_gateway_tokens t WHERE token = $1`, [token]);
      expect(row?.row).toContain('4444');
      expect(row?.row).not.toContain('5555555555554444');
      // The CVC as a stored value: as a substring, "987" turns up in a random token or a timestamp's milliseconds.
      const values = Object.values(JSON.parse(row?.row ?? '{}') as Record<string, unknown>).map(String);
      expect(values).not.toContain('987');
    });

    it.each([
      [{ cardNumber: '4111111111111112' }, 'cardNumber', 'Card number is not valid'],
      [{ cardNumber: '4111' }, 'cardNumber', 'Card number must be 12 to 19 digits'],
      [{ cardNumber: undefined }, 'cardNumber', 'Card number is required'],
      [{ expMonth: 13 }, 'expMonth', 'Expiry month must be a number from 1 to 12'],
      [{ expMonth: 0 }, 'expMonth', 'Expiry month must be a number from 1 to 12'],
      [{ expMonth: '0xc' }, 'expMonth', 'Expiry month must be a number from 1 to 12'],
      [{ expYear: '2.1e3' }, 'expYear', 'Expiry year must be a 4-digit year'],
      [{ expYear: 2001 }, 'expYear', 'The card has expired'],
      [{ expYear: 'soon' }, 'expYear', 'Expiry year must be a 4-digit year'],
      [{ cvc: '12' }, 'cvc', 'CVC must be 3 or 4 digits'],
      [{ cvc: 123 }, 'cvc', 'CVC must be 3 or 4 digits'],
    ])('refuses %j with 400 naming the field', async (change, field, message) => {
      const res = await call('tokens', { ...CARD, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field, message }]);
    });

    it('refuses a card that expired last month, takes one that expires this month', async () => {
      const now = new Date();
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
      const expired = await call('tokens', { ...CARD, expMonth: lastMonth.getUTCMonth() + 1, expYear: lastMonth.getUTCFullYear() });
      expect(expired.statusCode).toBe(400);
      expect((await call('tokens', { ...CARD, expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() })).statusCode).toBe(201);
    });

    it('tokens/describe (sandbox extension) tells the brand and last four to the key holder only', async () => {
      const token = await tokenize('4000000000000002');
      const res = await call('tokens/describe', { ...KEY, Token: token });
      expect([res.statusCode, res.json()]).toEqual([200, { Card: { LastFourDigits: '0002', ApplicationProfile: 'visa' } }]);
      expect((await call('tokens/describe', { ...KEY, Token: 'tok_unknown' })).json()).toEqual({ Error: { Message: 'Token not found' } });
      expect((await call('tokens/describe', { PrivateMerchantKey: 'nope', Token: token })).statusCode).toBe(401);
    });
  });

  describe('PayWithToken', () => {
    it.each([
      ['4111111111111111', 0, 'Approved', 'approved'],
      ['5555555555554444', 0, 'Approved', 'approved'],
      ['6011111111111117', 0, 'Approved', 'approved'],
      ['4000000000000002', 1, 'Payment declined', 'declined'],
      ['4000000000000127', 2, 'Invalid card details', 'declined'],
      ['4000000000009995', 3, 'Insufficient funds', 'declined'],
    ])('card %s answers Result.Code %i "%s"', async (cardNumber, code, message, status) => {
      const reference = randomUUID();
      const res = await pay(cardNumber, reference, 2550);
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer).toEqual({
        Result: { Code: code, Message: message },
        Transaction: { Id: expect.any(String), Status: status, Amount: 2550, Currency: 'GBP' },
        References: { Merchant: reference },
      });
    });

    it('the 3-D Secure card answers 7 with Async.RedirectUrl to the sandbox page', async () => {
      const answer = (await pay('4000000000003220')).json();
      expect(answer.Result).toEqual({ Code: 7, Message: '3D Secure authentication required' });
      expect(answer.Transaction.Status).toBe('pending');
      expect(answer.Async).toEqual({ RedirectUrl: `${t.config.publicUrl}/api/sandbox-gateway/3ds/${answer.Transaction.Id}` });
    });

    it('an unknown token is invalid card details, recorded like any attempt', async () => {
      const reference = randomUUID();
      const answer = (await call('PayWithToken', saleBody('tok_never_issued', reference))).json();
      expect(answer.Result).toEqual({ Code: 2, Message: 'Invalid card details' });
      expect(await transactionsWith(reference)).toBe(1);
    });

    it('is idempotent on References.Merchant: ten concurrent calls and a late repeat charge once', async () => {
      const token = await tokenize('4111111111111111');
      const reference = randomUUID();
      const answers = await Promise.all(Array.from({ length: 10 }, () => call('PayWithToken', saleBody(token, reference))));
      const repeat = await call('PayWithToken', saleBody(token, reference));
      const ids = new Set([...answers, repeat].map((res) => res.json().Transaction.Id));
      expect(ids.size).toBe(1);
      expect([...answers, repeat].map((res) => res.json().Result.Code)).toEqual(Array(11).fill(0));
      expect(await transactionsWith(reference)).toBe(1);
      expect((await ipnsOf([...ids][0] as string)).length).toBe(1);
    });

    it('a token pays one sale: another sale with it is invalid card details (2), recorded and charging nothing; a repeat of the first still answers it', async () => {
      const token = await tokenize('4111111111111111');
      const [first, second] = [randomUUID(), randomUUID()];
      const paid = (await call('PayWithToken', saleBody(token, first))).json();
      expect(paid.Result).toEqual({ Code: 0, Message: 'Approved' });
      const reused = (await call('PayWithToken', saleBody(token, second))).json();
      expect([reused.Result, reused.Transaction.Status]).toEqual([{ Code: 2, Message: 'Invalid card details' }, 'declined']);
      expect(await transactionsWith(second)).toBe(1);
      const repeat = (await call('PayWithToken', saleBody(token, first))).json();
      expect([repeat.Result.Code, repeat.Transaction.Id]).toEqual([0, paid.Transaction.Id]);
      // A declined sale spends its token too: the payer's next try tokenizes the card again.
      const declining = await tokenize('4000000000000002');
      expect((await call('PayWithToken', saleBody(declining))).json().Result.Code).toBe(1);
      expect((await call('PayWithToken', saleBody(declining))).json().Result.Code).toBe(2);
    });

    it('of five concurrent sales with one token exactly one is charged', async () => {
      const token = await tokenize('4111111111111111');
      const references = Array.from({ length: 5 }, () => randomUUID());
      const answers = await Promise.all(references.map((reference) => call('PayWithToken', saleBody(token, reference))));
      expect(answers.map((res) => res.json().Result.Code).sort()).toEqual([0, 2, 2, 2, 2]);
      const [charged] = await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM sandbox_gateway_transactions WHERE reference = ANY($1) AND result_code = 0`, [references]);
      expect(charged?.n).toBe(1);
    });

    it('refuses a reference reused for a different amount (409), charging nothing', async () => {
      const reference = randomUUID();
      await pay('4111111111111111', reference, 1000);
      const res = await pay('4111111111111111', reference, 2000);
      expect([res.statusCode, res.json()]).toEqual([409, { Error: { Message: 'References.Merchant was already used for another transaction' } }]);
      expect(await transactionsWith(reference)).toBe(1);
    });

    it.each([
      [{ RequestType: 1 }, 'RequestType must be 0 (sale): sandbox sales settle at once, there is no completion'],
      [{ Request: { Transaction: { Amount: 10.5, Currency: 'GBP' }, References: { Merchant: 'r' } } }, 'Request.Transaction.Amount must be an integer amount in minor units'],
      [{ Request: { Transaction: { Amount: 100, Currency: 'EURO' }, References: { Merchant: 'r' } } }, 'Request.Transaction.Currency must be a 3-letter ISO code'],
      [{ Request: { Transaction: { Amount: 100, Currency: 'GBP' }, References: { Merchant: ' ' } } }, 'Request.References.Merchant is required'],
      [{ End3DSHostPostbackURL: 'javascript:alert(1)' }, 'End3DSHostPostbackURL must be an http(s) URL'],
      [{ Token: 'tok_'.padEnd(201, 'x') }, 'Token must be at most 200 characters'],
    ])('refuses a malformed call %j with 400 and Error.Message', async (change, message) => {
      const res = await call('PayWithToken', { ...saleBody('tok_x'), ...change });
      expect([res.statusCode, res.json()]).toEqual([400, { Error: { Message: message } }]);
    });
  });

  describe('credentials', () => {
    it.each(['CreateSessionKey', 'PayWithToken', 'CheckTransaction', 'AdjustTransaction', 'tokens/describe'])('%s refuses a wrong PrivateMerchantKey', async (path) => {
      const res = await call(path, { ...saleBody('tok_x'), PrivateMerchantKey: 'stolen?' });
      expect([res.statusCode, res.json()]).toEqual([401, { Error: { Message: 'Invalid PrivateMerchantKey' } }]);
    });

    it('CreateSessionKey answers a SessionKey good for 15 minutes', async () => {
      const before = Date.now();
      const answer = (await call('CreateSessionKey', KEY)).json();
      expect(answer.SessionKey).toMatch(/^ses_/);
      expect(Date.parse(answer.ExpiresAt) - before).toBeGreaterThanOrEqual(SESSION_KEY_TTL_MS - 1000);
    });

    it.each([
      ['missing', undefined, 'A SessionKey from CreateSessionKey is required'],
      ['forged', 'ses_9999999999999_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'Invalid SessionKey'],
      ['expired', createSessionKey(Date.now() - SESSION_KEY_TTL_MS - 1000).sessionKey, 'SessionKey has expired: create a new one'],
    ])('PayWithToken and AdjustTransaction refuse a %s SessionKey, charging nothing', async (_, key, message) => {
      const reference = randomUUID();
      const sale = await call('PayWithToken', { ...saleBody(await tokenize('4111111111111111'), reference), SessionKey: key });
      const refund = await call('AdjustTransaction', { ...refundBody(randomUUID(), 100), SessionKey: key });
      expect([sale.statusCode, sale.json(), refund.statusCode, refund.json()]).toEqual([401, { Error: { Message: message } }, 401, { Error: { Message: message } }]);
      expect(await transactionsWith(reference)).toBe(0);
    });
  });

  describe('CheckTransaction', () => {
    it('finds a transaction by TransactionId and by References.Merchant, with its card', async () => {
      const reference = randomUUID();
      const sale = (await pay('4000000000009995', reference, 4200)).json();
      const expected = {
        Result: { Code: 3, Message: 'Insufficient funds' },
        Transaction: { Id: sale.Transaction.Id, Status: 'declined', Amount: 4200, Currency: 'GBP', RequestType: 0, RefundedAmount: 0, ParentId: null },
        References: { Merchant: reference },
        Card: { LastFourDigits: '9995', ApplicationProfile: 'visa' },
      };
      const byId = await call('CheckTransaction', { ...KEY, TransactionId: sale.Transaction.Id });
      expect([byId.statusCode, byId.json()]).toEqual([200, expected]);
      expect((await call('CheckTransaction', { ...KEY, Request: { References: { Merchant: reference } } })).json()).toEqual(expected);
    });

    it('says so for an unknown transaction (404) and refuses a call naming neither or both', async () => {
      for (const body of [{ TransactionId: randomUUID() }, { Request: { References: { Merchant: randomUUID() } } }]) {
        const res = await call('CheckTransaction', { ...KEY, ...body });
        expect([res.statusCode, res.json()]).toEqual([404, { Error: { Message: 'Transaction not found' } }]);
      }
      for (const body of [{}, { TransactionId: 'a', Request: { References: { Merchant: 'b' } } }]) {
        const res = await call('CheckTransaction', { ...KEY, ...body });
        expect([res.statusCode, res.json()]).toEqual([400, { Error: { Message: 'TransactionId give either TransactionId or Request.References.Merchant' } }]);
      }
    });
  });

  describe('AdjustTransaction (refunds)', () => {
    it('refunds part, then the rest, then refuses anything past the sale; the sale shows what was refunded', async () => {
      const sale = (await pay('4111111111111111', undefined, 10000)).json().Transaction.Id as string;
      const part = await call('AdjustTransaction', refundBody(sale, 3000));
      expect([part.statusCode, part.json().Result, part.json().Transaction.Amount]).toEqual([200, { Code: 0, Message: 'Approved' }, 3000]);
      expect((await call('CheckTransaction', { ...KEY, TransactionId: sale })).json().Transaction).toMatchObject({ Status: 'approved', RefundedAmount: 3000 });

      const tooMuch = await call('AdjustTransaction', refundBody(sale, 7001));
      expect([tooMuch.statusCode, tooMuch.json()]).toEqual([200, { Result: { Code: 1, Message: 'Refund exceeds the remaining amount of the sale (7000)' } }]);

      const rest = await call('AdjustTransaction', refundBody(sale, 7000));
      expect(rest.json().Result.Code).toBe(0);
      const check = (await call('CheckTransaction', { ...KEY, TransactionId: sale })).json();
      expect(check.Transaction).toMatchObject({ Status: 'refunded', RefundedAmount: 10000 });
      expect(check.Result.Code).toBe(0);
      const refund = (await call('CheckTransaction', { ...KEY, TransactionId: rest.json().Transaction.Id })).json();
      expect(refund.Transaction).toMatchObject({ RequestType: 2, ParentId: sale, Amount: 7000 });

      expect((await call('AdjustTransaction', refundBody(sale, 1))).json().Result).toEqual({ Code: 1, Message: 'Refund exceeds the remaining amount of the sale (0)' });
    });

    it('is idempotent on its own References.Merchant', async () => {
      const sale = (await pay('4111111111111111')).json().Transaction.Id as string;
      const reference = randomUUID();
      const answers = await Promise.all([1, 2, 3].map(() => call('AdjustTransaction', refundBody(sale, 2500, reference))));
      expect(new Set(answers.map((res) => res.json().Transaction.Id)).size).toBe(1);
      expect(await transactionsWith(reference)).toBe(1);
      expect((await call('CheckTransaction', { ...KEY, TransactionId: sale })).json().Transaction.RefundedAmount).toBe(2500);
    });

    it('concurrent refunds never pass the sale: of five 4000s on 10000, two go through', async () => {
      const sale = (await pay('4111111111111111', undefined, 10000)).json().Transaction.Id as string;
      const answers = await Promise.all(Array.from({ length: 5 }, () => call('AdjustTransaction', refundBody(sale, 4000))));
      expect(answers.filter((res) => res.json().Result.Code === 0)).toHaveLength(2);
      expect((await call('CheckTransaction', { ...KEY, TransactionId: sale })).json().Transaction.RefundedAmount).toBe(8000);
    });

    it('refunds only approved sales, and says so for an unknown one', async () => {
      const declined = (await pay('4000000000000002')).json().Transaction.Id as string;
      const pending = (await pay('4000000000003220')).json().Transaction.Id as string;
      for (const id of [declined, pending]) {
        expect((await call('AdjustTransaction', refundBody(id, 100))).json()).toEqual({ Result: { Code: 1, Message: 'Only approved sales can be refunded' } });
      }
      expect((await call('AdjustTransaction', refundBody(randomUUID(), 100))).json()).toEqual({ Result: { Code: 1, Message: 'Transaction not found' } });
    });

    it('refuses RequestType 1 (completion): sandbox sales settle at once', async () => {
      const res = await call('AdjustTransaction', { ...refundBody(randomUUID(), 100), RequestType: 1 });
      expect([res.statusCode, res.json().Error.Message]).toEqual([400, 'RequestType must be 2 (refund): sandbox sales settle at once, there is no completion']);
    });
  });

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
