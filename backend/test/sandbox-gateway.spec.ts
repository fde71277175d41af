import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { createSessionKey, SESSION_KEY_TTL_MS } from '../src/sandbox-gateway/protocol.js';
import type { TestApp } from './support/app.js';
import { CARD, KEY, sandboxGatewayBed } from './support/sandbox-gateway.js';

/** The sandbox gateway at the protocol level: raw HTTP calls with the documented field names. */
describe('the sandbox gateway (/api/sandbox-gateway)', () => {
  const { bed, call, ipnsOf, tokenize, saleBody, pay, refundBody, transactionsWith } = sandboxGatewayBed();
  let t: TestApp;
  let db: DataSource;
  beforeAll(() => void ({ t, db } = bed));

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

});
