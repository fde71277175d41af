import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { PaymentGateway } from '../../src/payments/gateway/payment-gateway.js';
import type { TestApp } from './app.js';
import { bearer } from './auth.js';

/** The sandbox's documented test cards. */
export const CARDS = {
  approve: '4111111111111111',
  decline: '4000000000000002',
  invalidDetails: '4000000000000127',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000000000003220',
} as const;

export const PAYMENT = {
  amount: 10000,
  currency: 'GBP',
  customerEmail: 'ann@example.com',
  customerName: 'Ann Smith',
  orderId: 'order-1',
  paymentMethod: 'credit_card',
  environment: 'staging',
};

/** A pending payment of the merchant signed in with `token`; its id. */
export async function createPayment(t: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/client/payments', payload: { ...PAYMENT, ...overrides }, headers: bearer(token) });
  if (res.statusCode !== 201) throw new Error(`create payment failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** A card token from the sandbox's tokenization, as the hosted page's browser gets one. */
export async function cardToken(t: TestApp, cardNumber: string): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/sandbox-gateway/tokens', payload: { cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' } });
  if (res.statusCode !== 201) throw new Error(`tokenize failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export const pay = (t: TestApp, paymentId: string, token: string) => t.request({ method: 'POST', url: `/api/checkout/${paymentId}/pay`, payload: { token } });

/** A pending payment paid with the approving card: completed. */
export async function completedPayment(t: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const id = await createPayment(t, token, overrides);
  const res = await pay(t, id, await cardToken(t, CARDS.approve));
  if (res.json<{ status: string }>().status !== 'completed') throw new Error(`pay failed: ${res.statusCode} ${res.body}`);
  return id;
}

/** The types of a payment's events, in order. */
export async function eventTypes(db: DataSource, paymentId: string): Promise<string[]> {
  const rows = await db.query<{ type: string }[]>(`SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version`, [`payment-${paymentId}`]);
  return rows.map((row) => row.type);
}

/** How many transactions the sandbox gateway holds for a payment's attempts (its References.Merchant). */
export async function sandboxCharges(db: DataSource, paymentId: string): Promise<number> {
  const rows = await db.query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM sandbox_gateway_transactions s JOIN gateway_calls c ON c.reference = s.reference WHERE c.payment_id = $1 AND c.kind = 'attempt'`,
    [paymentId],
  );
  return rows[0]?.n ?? 0;
}

export async function paymentRow(db: DataSource, paymentId: string) {
  const rows = await db.query<{ status: string; refunded_minor: string; gateway_transaction_id: string | null; card_last4: string | null; failure_reason: string | null }[]>(
    `SELECT status, refunded_minor, gateway_transaction_id, card_last4, failure_reason FROM payments WHERE id = $1`,
    [paymentId],
  );
  return rows[0];
}

/**
 * The IPN the sandbox sends for the transaction that carried `reference`, built from its own record
 * (the documented fields), so a test can deliver it, again, or altered.
 */
export async function ipnFor(db: DataSource, reference: string): Promise<Record<string, unknown>> {
  const rows = await db.query<{ id: string; result_code: number; result_message: string; amount_minor: string; currency: string; card_last4: string | null; card_brand: string | null; updated_at: Date }[]>(
    `SELECT id, result_code, result_message, amount_minor, currency, card_last4, card_brand, updated_at FROM sandbox_gateway_transactions WHERE reference = $1`,
    [reference],
  );
  const row = rows[0];
  if (!row) throw new Error(`The sandbox has no transaction with reference ${reference}`);
  return {
    TransactionId: row.id,
    Result_Code: row.result_code,
    Result_Message: row.result_message,
    Transaction_Amount: Number(row.amount_minor),
    Transaction_Currency: row.currency,
    Card_LastFourDigits: row.card_last4,
    Card_ApplicationProfile: row.card_brand,
    References_Merchant: reference,
    Result_TimeStamp: row.updated_at.toISOString(),
  };
}

/** The references our gateway calls of a payment carried, oldest first. */
export async function referencesOf(db: DataSource, paymentId: string, kind: 'attempt' | 'refund'): Promise<string[]> {
  const rows = await db.query<{ reference: string }[]>(`SELECT reference FROM gateway_calls WHERE payment_id = $1 AND kind = $2 ORDER BY started_at`, [paymentId, kind]);
  return rows.map((row) => row.reference);
}

/** Nothing listens here: an IPN sent to it is lost. */
const NOWHERE = 'http://127.0.0.1:9/ipn';

/**
 * The process dies while the next sale is in flight: right after the gateway charged (`after_gateway`;
 * its IPN is lost too) or before the call left (`before_gateway`). The pay request never answers, so
 * the attempt stays recorded without an outcome. Resolves once that point is reached.
 */
export function dieDuringNextSale(t: TestApp, when: 'after_gateway' | 'before_gateway'): Promise<void> {
  const gateway = t.app.get(PaymentGateway);
  const sale = gateway.sale.bind(gateway);
  return new Promise((reached) => {
    jest.spyOn(gateway, 'sale').mockImplementationOnce(async (target, request) => {
      if (when === 'after_gateway') await sale(target, { ...request, ipnUrl: NOWHERE });
      reached();
      return new Promise(() => undefined);
    });
  });
}
