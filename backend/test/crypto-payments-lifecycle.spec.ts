import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { CryptoPaymentQueries } from '../src/crypto-payments/crypto-payments.queries.js';
import { CryptoPaymentExpiry } from '../src/crypto-payments/expire-crypto-payment/crypto-payment-expiry.js';
import { ExpireCryptoPayment } from '../src/crypto-payments/expire-crypto-payment/expire-crypto-payment.command.js';
import { systemContext } from '../src/platform/commands/command-context.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant } from './support/auth.js';
import { controlClock, createCryptoPayment, cryptoEventTypes } from './support/crypto.js';

const MINUTE = 60_000;

describe('crypto payment lifecycle: hosted page, simulated provider, expiry', () => {
  let t: TestApp;
  let db: DataSource;
  let token: string;
  let clock: ReturnType<typeof controlClock>;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    token = (await registerMerchant(t)).token;
  });
  beforeEach(() => {
    clock = controlClock(t, new Date());
  });
  afterAll(() => t.close());

  const checkout = (id: string) => t.request({ method: 'GET', url: `/api/crypto-checkout/${id}` });
  const simulate = (id: string, outcome: string) => t.request({ method: 'POST', url: `/api/crypto-checkout/${id}/simulate`, payload: { outcome } });
  const detail = async (id: string) => (await t.request({ method: 'GET', url: `/api/crypto-payments/${id}`, headers: bearer(token) })).json<{ status: string; blockchainTxHash: string | null; confirmations: number | null }>();
  const expiry = () => t.app.get(CryptoPaymentExpiry);

  describe('the hosted page', () => {
    it('shows anyone holding the link the amount, the address, the wallet URI and the status, never the customer', async () => {
      const payment = await createCryptoPayment(t, token);
      const res = await checkout(payment.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: payment.id,
        orderId: 'order-1',
        status: 'pending',
        amount: '1000.00',
        currency: 'EUR',
        cryptoAmount: payment.cryptoAmount,
        targetCrypto: 'BTC',
        exchangeRate: payment.exchangeRate,
        address: payment.address,
        paymentUri: `bitcoin:${String(payment.address)}?amount=${payment.cryptoAmount}`,
        blockchainTxHash: null,
        confirmations: null,
        environment: 'staging',
        expiresAt: payment.expiresAt,
      });
      expect(res.body).not.toContain('mario.rossi@example.com');
      expect((await checkout('6f1c3a9e-2a8e-4d4f-9b43-4a4fb1c2d3e4')).statusCode).toBe(404);
    });
  });

  describe('simulated provider reports (staging)', () => {
    it('confirm: pending → processing → completed, with a transaction hash and confirmations', async () => {
      const payment = await createCryptoPayment(t, token);
      const res = await simulate(payment.id, 'confirm');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'completed', blockchainTxHash: expect.stringMatching(/^[0-9a-f]{64}$/), confirmations: 6 });
      expect(await detail(payment.id)).toMatchObject({ status: 'completed', blockchainTxHash: res.json<{ blockchainTxHash: string }>().blockchainTxHash, confirmations: 6 });
      const changes = await db.query<{ data: { from: string; to: string } }[]>(`SELECT data FROM events WHERE stream_id = $1 AND type = 'CryptoPaymentStatusChanged' ORDER BY stream_version`, [`crypto_payment-${payment.id}`]);
      expect(changes.map(({ data }) => `${data.from}→${data.to}`)).toEqual(['pending→processing', 'processing→completed']);
    });

    it('fail: pending → processing → failed; the same report again changes nothing, a contrary one is a 409', async () => {
      const payment = await createCryptoPayment(t, token, { targetCrypto: 'ETH' });
      const res = await simulate(payment.id, 'fail');
      expect(res.json()).toMatchObject({ status: 'failed', blockchainTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), confirmations: 0 });
      expect((await simulate(payment.id, 'fail')).statusCode).toBe(200);
      const refused = await simulate(payment.id, 'confirm');
      expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([409, 'Crypto payment already settled']);
      expect(await cryptoEventTypes(db, payment.id)).toEqual(['CryptoPaymentCreated', 'CryptoPaymentStatusChanged', 'CryptoPaymentStatusChanged']);
    });

    it('is refused for a production payment (403), for an unknown one (404) and for a bad outcome (400)', async () => {
      const payment = await createCryptoPayment(t, token, { environment: 'production' });
      const res = await simulate(payment.id, 'confirm');
      expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([403, 'Simulation is only available in staging']);
      expect(await cryptoEventTypes(db, payment.id)).toEqual(['CryptoPaymentCreated']);
      expect((await simulate('6f1c3a9e-2a8e-4d4f-9b43-4a4fb1c2d3e4', 'confirm')).statusCode).toBe(404);
      expect((await simulate(payment.id, 'maybe')).statusCode).toBe(400);
    });
  });

  describe('expiry', () => {
    it('expires a pending payment at expiresAt, not a moment before; then the provider is refused', async () => {
      const payment = await createCryptoPayment(t, token);
      clock.advance(30 * MINUTE - 1);
      await expiry().run();
      expect((await detail(payment.id)).status).toBe('pending');
      clock.advance(1);
      await expiry().run();
      expect((await detail(payment.id)).status).toBe('expired');
      expect(await cryptoEventTypes(db, payment.id)).toEqual(['CryptoPaymentCreated', 'CryptoPaymentExpired']);
      const late = await simulate(payment.id, 'confirm');
      expect([late.statusCode, late.json<{ message: string }>().message]).toEqual([409, 'Crypto payment expired']);
    });

    it('never expires a completed payment', async () => {
      const payment = await createCryptoPayment(t, token);
      await simulate(payment.id, 'confirm');
      clock.advance(31 * MINUTE);
      await expiry().run();
      expect((await detail(payment.id)).status).toBe('completed');
      expect(await cryptoEventTypes(db, payment.id)).not.toContain('CryptoPaymentExpired');
    });

    it('a read model still showing pending a payment paid since: the decider refuses, nothing is recorded', async () => {
      const payment = await createCryptoPayment(t, token);
      await simulate(payment.id, 'confirm');
      clock.advance(31 * MINUTE);
      // Every pass meanwhile (the app's own timer too) reads the stale row.
      const stale = jest.spyOn(t.app.get(CryptoPaymentQueries), 'due').mockResolvedValue([payment.id]);
      expect(await expiry().run()).toMatchObject({ due: 1, expired: 0, refused: 1, failed: 0 });
      stale.mockRestore();
      expect(await cryptoEventTypes(db, payment.id)).not.toContain('CryptoPaymentExpired');
    });

    it('two passes at once (two instances) record one expiry', async () => {
      const payment = await createCryptoPayment(t, token);
      const at = new Date(clock.now().getTime() + 30 * MINUTE);
      const bus = t.app.get(CommandBus);
      await Promise.all([1, 2].map((i) => bus.execute(new ExpireCryptoPayment(payment.id, systemContext(`instance-${i}`, at)))));
      expect(await cryptoEventTypes(db, payment.id)).toEqual(['CryptoPaymentCreated', 'CryptoPaymentExpired']);
    });
  });
});

describe('crypto payment expiry across a restart', () => {
  it('the first pass after boot expires what fell due while the app was down; later ones follow the clock', async () => {
    const first = await createTestApp();
    const { token } = await registerMerchant(first);
    const now = new Date();
    const clock = controlClock(first, new Date(now.getTime() - 31 * MINUTE));
    const overdue = await createCryptoPayment(first, token);
    clock.set(now);
    const current = await createCryptoPayment(first, token);
    await first.stop();

    const second = await createTestApp({}, { database: first.database });
    try {
      // Nothing but the boot: no timer of the first instance survives, the read model says what is due.
      expect(await second.app.get(CryptoPaymentExpiry).bootPass).toMatchObject({ expired: 1, failed: 0 });
      const status = async (id: string) => (await second.request({ method: 'GET', url: `/api/crypto-payments/${id}`, headers: bearer(token) })).json<{ status: string }>().status;
      expect([await status(overdue.id), await status(current.id)]).toEqual(['expired', 'pending']);
      controlClock(second, new Date(now.getTime() + 30 * MINUTE));
      await second.app.get(CryptoPaymentExpiry).run();
      expect(await status(current.id)).toBe('expired');
    } finally {
      await second.close();
    }
  });
});
