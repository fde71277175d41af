import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SANDBOX_PRIVATE_KEY } from '../../src/sandbox-gateway/protocol.js';
import { createTestApp, type TestApp } from './app.js';
import { HttpReceiver } from './http-receiver.js';

export const CARD = { cardNumber: '4111111111111111', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
export const KEY = { PrivateMerchantKey: SANDBOX_PRIVATE_KEY };

/**
 * An app whose sandbox gateway is called at the protocol level (raw HTTP, the documented field names),
 * with an IPN receiver its sales notify. Registers its own beforeAll/afterAll.
 */
export function sandboxGatewayBed() {
  const bed = {} as { t: TestApp; db: DataSource; ipn: HttpReceiver; sessionKey: string };
  beforeAll(async () => {
    bed.ipn = await HttpReceiver.start();
    bed.t = await createTestApp({ SANDBOX_IPN_ORIGINS: new URL(bed.ipn.url('/ipn')).origin });
    bed.db = bed.t.app.get(DataSource);
    bed.sessionKey = (await call('CreateSessionKey', KEY)).json().SessionKey;
  });
  afterAll(async () => {
    await bed.t.close();
    await bed.ipn.close();
  });

  const call = (path: string, payload: object) => bed.t.request({ method: 'POST', url: `/api/sandbox-gateway/${path}`, payload });
  /** The IPN bodies about a transaction once `count` have come (jest's timeout bounds the wait). */
  const ipnsOf = async (transactionId: string, count = 1) =>
    (await bed.ipn.waitFor('/ipn', (request) => request.json.TransactionId === transactionId, count)).map((request) => request.json);
  const tokenize = async (cardNumber: string) => {
    const res = await call('tokens', { ...CARD, cardNumber });
    expect(res.statusCode).toBe(201);
    return res.json().token as string;
  };
  const saleBody = (token: string, reference: string = randomUUID(), amount = 10000) => ({
    ...KEY,
    SessionKey: bed.sessionKey,
    RequestType: 0,
    Token: token,
    Request: {
      Transaction: { Amount: amount, Currency: 'GBP', IPNURL: bed.ipn.url('/ipn'), SuccessURL: 'https://shop.test/ok', CancelURL: 'https://shop.test/cancel' },
      Customer: { Email: 'ann@example.com', FullName: 'Ann Smith' },
      References: { Merchant: reference },
    },
    End3DSHostPostbackURL: 'https://shop.test/3ds-done',
  });
  const pay = async (cardNumber: string, reference?: string, amount?: number) => call('PayWithToken', saleBody(await tokenize(cardNumber), reference, amount));
  const refundBody = (transactionId: string, amount: number, reference: string = randomUUID()) => ({
    ...KEY,
    SessionKey: bed.sessionKey,
    RequestType: 2,
    TransactionId: transactionId,
    Request: { Transaction: { Amount: amount, Currency: 'GBP' }, References: { Merchant: reference } },
  });
  const transactionsWith = async (reference: string) =>
    (await bed.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM sandbox_gateway_transactions WHERE reference = $1`, [reference]))[0]?.n;

  return { bed, call, ipnsOf, tokenize, saleBody, pay, refundBody, transactionsWith };
}
