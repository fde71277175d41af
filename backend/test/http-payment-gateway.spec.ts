import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import getPort from 'get-port';
import { DataSource } from 'typeorm';
import { gatewayTarget, type GatewayTarget } from '../src/payments/gateway/gateway-target.js';
import { PaymentGateway, type SaleRequest } from '../src/payments/gateway/payment-gateway.js';
import { createTestApp, type TestApp } from './support/app.js';
import { present } from './support/present.js';

/** The HTTP adapter of the PaymentGateway port, against the embedded sandbox on a real port. */
describe('the HTTP payment gateway adapter', () => {
  let t: TestApp;
  let gateway: PaymentGateway;
  let target: GatewayTarget;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    gateway = t.app.get(PaymentGateway);
    target = present(gatewayTarget(t.config, 'staging'), 'the sandbox target');
  });
  afterAll(() => t.close());

  const tokenize = async (cardNumber: string) =>
    (await t.request({ method: 'POST', url: '/api/sandbox-gateway/tokens', payload: { cardNumber, expMonth: 1, expYear: new Date().getUTCFullYear() + 1, cvc: '123' } })).json().token as string;
  const saleOf = (token: string, reference = randomUUID()): SaleRequest => ({
    token,
    amountMinor: 1999,
    currency: 'EUR',
    reference,
    customer: { email: 'ann@example.com', fullName: 'Ann Smith' },
    ipnUrl: `${t.config.publicUrl}/api/webhooks/sandbox`,
    successUrl: `${t.config.publicUrl}/pay/done`,
    cancelUrl: `${t.config.publicUrl}/pay/cancel`,
    end3DSPostbackUrl: `${t.config.publicUrl}/api/checkout/x/3ds-return`,
  });

  it('the staging target is the sandbox at the public URL', () => {
    expect(target.baseUrl).toBe(`${t.config.publicUrl}/api/sandbox-gateway`);
  });

  it('describeToken: the card behind a token, null for an unknown one', async () => {
    expect(await gateway.describeToken(target, await tokenize('5555555555554444'))).toEqual({ brand: 'mastercard', last4: '4444' });
    expect(await gateway.describeToken(target, 'tok_unknown')).toBeNull();
  });

  it.each([
    ['4111111111111111', 0, 'Approved'],
    ['4000000000000002', 1, 'Payment declined'],
    ['4000000000000127', 2, 'Invalid card details'],
    ['4000000000009995', 3, 'Insufficient funds'],
  ])('sale with %s resolves result %i', async (card, resultCode, resultMessage) => {
    const answer = await gateway.sale(target, saleOf(await tokenize(card)));
    expect(answer).toEqual({ resultCode, resultMessage, transactionId: expect.any(String), redirectUrl: null });
  });

  it('sale with the 3-D Secure card resolves 7 with the redirect URL', async () => {
    const answer = await gateway.sale(target, saleOf(await tokenize('4000000000003220')));
    expect(answer).toEqual({
      resultCode: 7,
      resultMessage: '3D Secure authentication required',
      transactionId: expect.any(String),
      redirectUrl: `${target.baseUrl}/3ds/${answer.transactionId}`,
    });
    // The payer's browser reaches the page at that URL.
    const page = await fetch(present(answer.redirectUrl ?? undefined, 'a redirect URL'));
    expect([page.status, (await page.text()).includes('3-D Secure check')]).toEqual([200, true]);
  });

  it('a repeated sale with the same reference answers the first transaction and charges once', async () => {
    const sale = saleOf(await tokenize('4111111111111111'));
    const [first, again] = [await gateway.sale(target, sale), await gateway.sale(target, sale)];
    expect(again).toEqual(first);
    const [row] = await t.app.get(DataSource).query<{ n: number }[]>(`SELECT count(*)::int AS n FROM sandbox_gateway_transactions WHERE reference = $1`, [sale.reference]);
    expect(row?.n).toBe(1);
  });

  it('checkTransaction by id and by reference; null when the gateway has none', async () => {
    const sale = saleOf(await tokenize('4111111111111111'));
    const { transactionId } = await gateway.sale(target, sale);
    const expected = { transactionId, reference: sale.reference, resultCode: 0, resultMessage: 'Approved', amountMinor: 1999, currency: 'EUR', card: { brand: 'visa', last4: '1111' } };
    expect(await gateway.checkTransaction(target, { transactionId: present(transactionId ?? undefined, 'a transaction id') })).toEqual(expected);
    expect(await gateway.checkTransaction(target, { reference: sale.reference })).toEqual(expected);
    expect(await gateway.checkTransaction(target, { reference: randomUUID() })).toBeNull();
  });

  it('refund: part, then past what is left (resolved as declined, not thrown)', async () => {
    const { transactionId } = await gateway.sale(target, saleOf(await tokenize('4111111111111111')));
    const sale = present(transactionId ?? undefined, 'a transaction id');
    const part = await gateway.refund(target, { transactionId: sale, amountMinor: 999, currency: 'EUR', reference: randomUUID() });
    expect(part).toEqual({ resultCode: 0, resultMessage: 'Approved', transactionId: expect.any(String), redirectUrl: null });
    const past = await gateway.refund(target, { transactionId: sale, amountMinor: 1001, currency: 'EUR', reference: randomUUID() });
    expect(past).toEqual({ resultCode: 1, resultMessage: 'Refund exceeds the remaining amount of the sale (1000)', transactionId: null, redirectUrl: null });
  });

  it('throws when the gateway refuses the merchant key', async () => {
    const stranger = { ...target, privateKey: 'not-the-key' };
    await expect(gateway.sale(stranger, saleOf(await tokenize('4111111111111111')))).rejects.toThrow('Payment gateway refused CreateSessionKey (HTTP 401): Invalid PrivateMerchantKey');
    await expect(gateway.checkTransaction(stranger, { reference: 'x' })).rejects.toThrow(/HTTP 401/);
  });

  it('throws when the gateway cannot be reached', async () => {
    const nowhere = { baseUrl: `http://127.0.0.1:${await getPort({ host: '127.0.0.1' })}/api/sandbox-gateway`, privateKey: target.privateKey };
    await expect(gateway.checkTransaction(nowhere, { reference: 'x' })).rejects.toThrow(/Payment gateway unreachable \(CheckTransaction\)/);
    await expect(gateway.sale(nowhere, saleOf('tok_x'))).rejects.toThrow(/unreachable/);
  });

  describe('against a gateway that misbehaves', () => {
    let server: Server;
    let fake: GatewayTarget;
    const seen: string[] = [];
    /** Per call: status and body; the PayWithToken answers are used in order. */
    let payAnswers: [number, unknown][] = [];
    beforeAll(async () => {
      let sessions = 0;
      server = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          const call = request.url?.split('/').pop() ?? '';
          const { SessionKey } = JSON.parse(body) as { SessionKey?: string };
          seen.push(`${call}${SessionKey ? ` ${SessionKey}` : ''}`);
          const [status, answer]: [number, unknown] =
            call === 'CreateSessionKey' ? [200, { SessionKey: `s${++sessions}`, ExpiresAt: new Date(Date.now() + 600_000).toISOString() }] : (payAnswers.shift() ?? [500, {}]);
          response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      fake = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, privateKey: 'k' };
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('reuses its session key, and renews it once when the gateway refuses it', async () => {
      const approved = { Result: { Code: 0, Message: 'Approved' }, Transaction: { Id: 't1' } };
      payAnswers = [[200, approved], [401, { Error: { Message: 'SessionKey has expired: create a new one' } }], [200, approved]];
      await gateway.sale(fake, saleOf('tok'));
      await gateway.sale(fake, saleOf('tok'));
      expect(seen).toEqual(['CreateSessionKey', 'PayWithToken s1', 'PayWithToken s1', 'CreateSessionKey', 'PayWithToken s2']);
    });

    it('throws on a 5xx and on an answer it cannot read', async () => {
      payAnswers = [[503, { Error: { Message: 'busy' } }], [200, { something: 'else' }]];
      await expect(gateway.sale(fake, saleOf('tok'))).rejects.toThrow('Payment gateway failed (PayWithToken): HTTP 503');
      await expect(gateway.sale(fake, saleOf('tok'))).rejects.toThrow('Payment gateway answered PayWithToken in an unexpected shape');
    });
  });
});
