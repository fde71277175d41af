import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * Payments as the product records them (backend/src/payments/payment.events.ts), written straight into
 * the event store's table in bulk: one multi-row INSERT per chunk, in the store's own schema and
 * position rule ((transaction id << 20) + index), so the product's replay builds the read models.
 */

const FIRST = ['Ann', 'Ben', 'Chloe', 'David', 'Emma', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jack', 'Kiran', 'Lena', 'Mohammed', 'Nora', 'Oscar', 'Priya', 'Quentin', 'Rosa', 'Sam', 'Tara', 'Umar', 'Vera', 'Wei', 'Xavier', 'Yara', 'Zoe'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Wright', 'Khan', 'Müller', 'Rossi', 'Dubois', 'Novak', 'Kowalski', 'Garcia', 'Silva', 'Nakamura', 'Okafor'];
/** About five payments per customer at 1,000,000 payments. */
const CUSTOMERS = 200_000;
const FAILURES = [
  { resultCode: 1, reason: 'Payment declined' },
  { resultCode: 2, reason: 'Invalid card details' },
  { resultCode: 3, reason: 'Insufficient funds' },
];
const CURRENCIES = ['GBP', 'GBP', 'GBP', 'GBP', 'GBP', 'EUR', 'EUR', 'EUR', 'USD', 'USD'];

export type Outcome = 'pending' | 'requires_action' | 'failed' | 'completed' | 'refunded' | 'partially_refunded';

/** Per 100 payments: 5 pending, 1 waiting for 3-D Secure, 7 failed, 2 refunded, 1 partly refunded, 84 completed. */
function outcomeOf(i: number): Outcome {
  const slot = (i * 7919) % 100; // a fixed shuffle, so neighbours differ
  if (slot < 5) return 'pending';
  if (slot < 6) return 'requires_action';
  if (slot < 13) return 'failed';
  if (slot < 15) return 'refunded';
  if (slot < 16) return 'partially_refunded';
  return 'completed';
}

export function customerOf(i: number) {
  const c = (i * 104_729) % CUSTOMERS;
  const first = FIRST[c % FIRST.length]!; // index modulo length
  const last = LAST[Math.floor(c / FIRST.length) % LAST.length]!; // index modulo length
  return { name: `${first} ${last}`, email: `${first}.${last}.${c}@example.com`.toLowerCase() };
}

interface Row {
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: string;
}

export interface PaymentSeries {
  merchantId: string;
  environment: 'staging' | 'production';
  count: number;
}

const DAY_MS = 86_400_000;

/** The events of payment `i` of a series spread evenly over the year up to `now`, oldest first. */
function paymentEvents(series: PaymentSeries, i: number, now: number): Row[] {
  const paymentId = randomUUID();
  const streamId = `payment-${paymentId}`;
  const createdAt = now - 365 * DAY_MS + Math.floor(((i + 0.5) * 365 * DAY_MS) / series.count);
  const customer = customerOf(i);
  const amountMinor = 100 + ((i * 2_654_435_761) % 250_000); // 1.00 to 2,501.00
  const paymentMethod = i % 10 < 7 ? 'credit_card' : i % 10 < 9 ? 'bank_transfer' : 'digital_wallet';
  const card = i % 3 === 0 ? { cardBrand: 'mastercard', cardLast4: '4444' } : { cardBrand: 'visa', cardLast4: '1111' };
  const attemptId = randomUUID();
  // Unique across series too: the sandbox gateway keys its transactions by this id (recordAwaitedChallenges).
  const gatewayTransactionId = `SBX${series.merchantId.slice(0, 8).toUpperCase()}${String(i).padStart(10, '0')}${series.environment === 'production' ? 'P' : 'S'}`;
  const metadata = { actor: { type: 'api_key', id: series.merchantId }, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 };
  const rows: Row[] = [];
  const at = (ms: number) => new Date(Math.min(ms, now)).toISOString();
  const add = (type: string, data: Record<string, unknown>, when: number) =>
    rows.push({ event_id: randomUUID(), stream_id: streamId, stream_version: rows.length, type, data: { paymentId, ...data }, metadata, recorded_at: at(when) });
  add('PaymentCreated', {
    merchantId: series.merchantId, environment: series.environment, amountMinor, currency: CURRENCIES[i % CURRENCIES.length], customerEmail: customer.email,
    customerName: customer.name, orderId: `order-${i}`, paymentMethod, description: i % 4 === 0 ? null : `Order ${i}`, returnUrl: 'https://shop.bench.example/thanks',
    customerCountry: 'GB', idempotencyKey: i % 2 === 0 ? `key-${i}` : null, createdAt: at(createdAt),
  }, createdAt);
  const outcome = outcomeOf(i);
  if (outcome === 'pending') return rows;
  add('PaymentAttempted', { attemptId, reference: `${paymentId}-1`, ...card, at: at(createdAt + 20_000) }, createdAt + 20_000);
  if (outcome === 'requires_action') {
    add('PaymentRequiresAction', { attemptId, gatewayTransactionId, redirectUrl: `https://gateway.bench.example/3ds/${gatewayTransactionId}`, at: at(createdAt + 21_000) }, createdAt + 21_000);
  } else if (outcome === 'failed') {
    add('PaymentFailed', { attemptId, gatewayTransactionId, ...FAILURES[i % FAILURES.length]!, at: at(createdAt + 21_000) }, createdAt + 21_000); // index modulo length
  } else {
    add('PaymentCompleted', { attemptId, gatewayTransactionId, ...card, at: at(createdAt + 21_000) }, createdAt + 21_000);
    if (outcome !== 'completed') {
      const refundId = randomUUID();
      const refund = outcome === 'refunded' ? amountMinor : Math.floor(amountMinor / 2);
      const when = createdAt + 3 * DAY_MS;
      add('RefundRequested', { refundId, amountMinor: refund, reference: `${paymentId}-r1`, at: at(when) }, when);
      add('RefundCompleted', { refundId, amountMinor: refund, gatewayTransactionId: `${gatewayTransactionId}R`, at: at(when + 2_000) }, when + 2_000);
    }
  }
  return rows;
}

const INSERT = `
  INSERT INTO events (global_position, transaction_id, event_id, stream_id, stream_version, type, data, metadata, recorded_at)
  SELECT (pg_current_xact_id()::text::bigint << 20) + x.ord, pg_current_xact_id(), x.event_id, x.stream_id, x.stream_version, x.type, x.data, x.metadata, x.recorded_at
  FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (event_id uuid, stream_id text, stream_version integer, type text, data jsonb, metadata jsonb, recorded_at timestamptz))
    WITH ORDINALITY AS x(event_id, stream_id, stream_version, type, data, metadata, recorded_at, ord)`;

/** Payments per INSERT (one transaction each): about 15,000 events, far below the 2^20 per transaction. */
const CHUNK = 5_000;
const WRITERS = 2;

/**
 * Writes every series' payments, CHUNK payments per statement, WRITERS statements at a time. `pool`
 * should skip the WAL flush at commit (a bulk load). Returns the number of events written.
 */
export async function writePayments(pool: pg.Pool, all: PaymentSeries[], progress: (payments: number, events: number) => void): Promise<number> {
  const now = Date.now();
  const chunks = all.flatMap((series) => Array.from({ length: Math.ceil(series.count / CHUNK) }, (_, c) => ({ series, from: c * CHUNK, to: Math.min(series.count, (c + 1) * CHUNK) })));
  let next = 0;
  let payments = 0;
  let events = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let chunk = chunks[next++]; chunk; chunk = chunks[next++]) {
        const rows: Row[] = [];
        for (let i = chunk.from; i < chunk.to; i++) rows.push(...paymentEvents(chunk.series, i, now));
        await pool.query(INSERT, [JSON.stringify(rows)]);
        payments += chunk.to - chunk.from;
        events += rows.length;
        progress(payments, events);
      }
    }),
  );
  return events;
}
