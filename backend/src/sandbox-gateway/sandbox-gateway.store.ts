import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DatabasePool } from '../platform/database/database-pool.js';
import type { CardBehaviour } from './cards.js';
import { APPROVED, CHALLENGE_EXPIRED, CHALLENGE_WINDOW_MS, DECLINED, GatewayRefusal, REQUEST_TYPE, type Outcome, type TransactionStatus } from './protocol.js';

export interface StoredToken {
  token: string;
  brand: string;
  last4: string;
  behaviour: CardBehaviour;
}

export interface StoredTransaction {
  id: string;
  reference: string;
  requestType: number;
  parentId: string | null;
  amountMinor: number;
  refundedMinor: number;
  currency: string;
  status: TransactionStatus;
  resultCode: number;
  resultMessage: string;
  cardBrand: string | null;
  cardLast4: string | null;
  ipnUrl: string | null;
  postbackUrl: string | null;
  /** A chargeback the card holder's bank opened on this sale. */
  dispute: { id: string; reason: string; openedAt: Date } | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewSale {
  reference: string;
  amountMinor: number;
  currency: string;
  outcome: Outcome;
  card: { brand: string; last4: string } | null;
  customer: { email: string | null; fullName: string | null };
  ipnUrl: string | null;
  postbackUrl: string;
}

type Row = Record<string, unknown>;

const toTransaction = (row: Row): StoredTransaction => ({
  id: row.id as string,
  reference: row.reference as string,
  requestType: row.request_type as number,
  parentId: row.parent_id as string | null,
  amountMinor: Number(row.amount_minor),
  refundedMinor: Number(row.refunded_minor),
  currency: row.currency as string,
  // Written only from an outcome or by a refund: one of the protocol's statuses.
  status: row.status as TransactionStatus,
  resultCode: row.result_code as number,
  resultMessage: row.result_message as string,
  cardBrand: row.card_brand as string | null,
  cardLast4: row.card_last4 as string | null,
  ipnUrl: row.ipn_url as string | null,
  postbackUrl: row.postback_url as string | null,
  dispute: row.dispute_id ? { id: row.dispute_id as string, reason: row.dispute_reason as string, openedAt: row.disputed_at as Date } : null,
  createdAt: row.created_at as Date,
  updatedAt: row.updated_at as Date,
});

const REUSED_REFERENCE = 'References.Merchant was already used for another transaction';

/**
 * The sandbox's records, in its own plain tables (it is a simulated third party, not our domain).
 * Every write is one statement or one short transaction keyed by the unique reference, so repeated
 * and concurrent calls find the first transaction instead of charging again.
 */
@Injectable()
export class SandboxGatewayStore {
  constructor(private readonly pool: DatabasePool) {}

  async createToken(card: Omit<StoredToken, 'token'> & { expMonth: number; expYear: number }): Promise<string> {
    const token = `tok_${randomBytes(18).toString('base64url')}`;
    await this.pool.query(`INSERT INTO sandbox_gateway_tokens (token, brand, last4, exp_month, exp_year, behaviour) VALUES ($1, $2, $3, $4, $5, $6)`, [
      token,
      card.brand,
      card.last4,
      card.expMonth,
      card.expYear,
      card.behaviour,
    ]);
    return token;
  }

  async token(token: string): Promise<StoredToken | null> {
    const { rows } = await this.pool.query<StoredToken>(`SELECT token, brand, last4, behaviour FROM sandbox_gateway_tokens WHERE token = $1`, [token]);
    return rows[0] ?? null;
  }

  /**
   * Spends the token on the sale with this reference: a card token pays one sale, as a real gateway's
   * does. One statement, so of concurrent sales with one token exactly one gets it (the others wait for
   * its row lock, then no longer match). A repeat of that same sale (its reference) still gets it, so
   * PayWithToken stays idempotent. Null: an unknown token, or one spent on another sale.
   */
  async spendToken(token: string, reference: string): Promise<StoredToken | null> {
    const { rows } = await this.pool.query<StoredToken>(
      `UPDATE sandbox_gateway_tokens SET used_by_reference = $2, used_at = coalesce(used_at, now())
       WHERE token = $1 AND (used_by_reference IS NULL OR used_by_reference = $2)
       RETURNING token, brand, last4, behaviour`,
      [token, reference],
    );
    return rows[0] ?? null;
  }

  async byId(id: string): Promise<StoredTransaction | null> {
    const { rows } = await this.pool.query<Row>(`SELECT * FROM sandbox_gateway_transactions WHERE id = $1`, [id]);
    return rows[0] ? toTransaction(rows[0]) : null;
  }

  async byReference(reference: string): Promise<StoredTransaction | null> {
    const { rows } = await this.pool.query<Row>(`SELECT * FROM sandbox_gateway_transactions WHERE reference = $1`, [reference]);
    return rows[0] ? toTransaction(rows[0]) : null;
  }

  /** The sale, or the one this reference already made (`created` false): a reference is charged once. */
  async sale(sale: NewSale): Promise<{ transaction: StoredTransaction; created: boolean }> {
    const { rows } = await this.pool.query<Row>(
      `INSERT INTO sandbox_gateway_transactions
         (id, reference, request_type, amount_minor, currency, status, result_code, result_message,
          card_brand, card_last4, customer_email, customer_name, ipn_url, postback_url)
       VALUES ($1, $2, ${REQUEST_TYPE.sale}, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (reference) DO NOTHING
       RETURNING *`,
      [
        randomUUID(),
        sale.reference,
        sale.amountMinor,
        sale.currency,
        sale.outcome.status,
        sale.outcome.code,
        sale.outcome.message,
        sale.card?.brand ?? null,
        sale.card?.last4 ?? null,
        sale.customer.email,
        sale.customer.fullName,
        sale.ipnUrl,
        sale.postbackUrl,
      ],
    );
    if (rows[0]) return { transaction: toTransaction(rows[0]), created: true };
    const existing = await this.byReference(sale.reference);
    if (!existing || existing.requestType !== REQUEST_TYPE.sale || existing.amountMinor !== sale.amountMinor || existing.currency !== sale.currency) {
      throw new GatewayRefusal(409, REUSED_REFERENCE);
    }
    return { transaction: existing, created: false };
  }

  /**
   * Settles a sale waiting for 3-D Secure with the payer's answer, inside the challenge window; null
   * when it was not waiting (already settled, no such sale) or the window has closed.
   */
  async settle(id: string, approved: boolean): Promise<StoredTransaction | null> {
    const outcome = approved ? APPROVED : DECLINED;
    return this.settlePending(id, outcome, 'open');
  }

  /**
   * The transaction as it stands, by id or reference. A challenge left past its window is declined
   * first, and `ipn` told (once, by whichever call declined it), so abandoned challenges settle.
   */
  async current(lookup: { id: string } | { reference: string }, ipn: { notify(transaction: StoredTransaction): void }): Promise<StoredTransaction | null> {
    const transaction = 'id' in lookup ? await this.byId(lookup.id) : await this.byReference(lookup.reference);
    // Looked at here first, so that reading a sale inside its window writes nothing.
    if (transaction?.status !== 'pending' || Date.now() - transaction.createdAt.getTime() < CHALLENGE_WINDOW_MS) return transaction;
    const declined = await this.settlePending(transaction.id, CHALLENGE_EXPIRED, 'closed');
    if (declined) ipn.notify(declined);
    // Null: the payer's answer (or another call's expiry) came first.
    return declined ?? (await this.byId(transaction.id));
  }

  /** One statement, so the payer's answer and an expiry at the same moment cannot both settle it. */
  private async settlePending(id: string, outcome: Outcome, challengeWindow: 'open' | 'closed'): Promise<StoredTransaction | null> {
    const { rows } = await this.pool.query<Row>(
      `UPDATE sandbox_gateway_transactions SET status = $2, result_code = $3, result_message = $4, updated_at = now()
       WHERE id = $1 AND status = 'pending' AND created_at ${challengeWindow === 'open' ? '>' : '<='} now() - make_interval(secs => $5) RETURNING *`,
      [id, outcome.status, outcome.code, outcome.message, CHALLENGE_WINDOW_MS / 1000],
    );
    return rows[0] ? toTransaction(rows[0]) : null;
  }

  /** Opens a dispute on an approved sale; null when it is not one or already has one (nothing changes). */
  async openDispute(id: string, reason: string): Promise<StoredTransaction | null> {
    const { rows } = await this.pool.query<Row>(
      `UPDATE sandbox_gateway_transactions SET dispute_id = $2, dispute_reason = $3, disputed_at = now(), updated_at = now()
       WHERE id = $1 AND request_type = ${REQUEST_TYPE.sale} AND result_code = ${APPROVED.code} AND dispute_id IS NULL RETURNING *`,
      [id, randomUUID(), reason],
    );
    return rows[0] ? toTransaction(rows[0]) : null;
  }

  /**
   * Refunds part or all of an approved sale. The sale's row is locked first, so concurrent refunds
   * count each other and never pass the sale's amount; a repeated reference answers its first refund.
   * `refused`: why nothing was refunded (nothing is recorded then).
   */
  async refund(saleId: string, request: { reference: string; amountMinor: number; currency: string }): Promise<
    { transaction: StoredTransaction; created: boolean; sale: StoredTransaction } | { refused: string }
  > {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const sales = await client.query<Row>(`SELECT * FROM sandbox_gateway_transactions WHERE id = $1 AND request_type = ${REQUEST_TYPE.sale} FOR UPDATE`, [saleId]);
      const sale = sales.rows[0] ? toTransaction(sales.rows[0]) : null;
      if (!sale) return await rollback(client, { refused: 'Transaction not found' });
      const existing = await client.query<Row>(`SELECT * FROM sandbox_gateway_transactions WHERE reference = $1`, [request.reference]);
      if (existing.rows[0]) {
        const refund = toTransaction(existing.rows[0]);
        await client.query('ROLLBACK');
        if (refund.parentId !== saleId || refund.amountMinor !== request.amountMinor) throw new GatewayRefusal(409, REUSED_REFERENCE);
        return { transaction: refund, created: false, sale };
      }
      if (sale.resultCode !== APPROVED.code) return await rollback(client, { refused: 'Only approved sales can be refunded' });
      if (request.currency !== sale.currency) return await rollback(client, { refused: `The refund's currency must be the sale's (${sale.currency})` });
      const remaining = sale.amountMinor - sale.refundedMinor;
      if (request.amountMinor > remaining) return await rollback(client, { refused: `Refund exceeds the remaining amount of the sale (${remaining})` });
      const inserted = await client.query<Row>(
        `INSERT INTO sandbox_gateway_transactions
           (id, reference, request_type, parent_id, amount_minor, currency, status, result_code, result_message, card_brand, card_last4, ipn_url)
         VALUES ($1, $2, ${REQUEST_TYPE.refund}, $3, $4, $5, 'approved', $6, $7, $8, $9, $10)
         ON CONFLICT (reference) DO NOTHING
         RETURNING *`,
        [randomUUID(), request.reference, saleId, request.amountMinor, sale.currency, APPROVED.code, APPROVED.message, sale.cardBrand, sale.cardLast4, sale.ipnUrl],
      );
      // The reference was taken meanwhile by a call for something else (a sale).
      if (!inserted.rows[0]) throw new GatewayRefusal(409, REUSED_REFERENCE);
      const updated = await client.query<Row>(
        `UPDATE sandbox_gateway_transactions
         SET refunded_minor = refunded_minor + $2, status = CASE WHEN refunded_minor + $2 = amount_minor THEN 'refunded' ELSE status END, updated_at = now()
         WHERE id = $1 RETURNING *`,
        [saleId, request.amountMinor],
      );
      await client.query('COMMIT');
      return { transaction: toTransaction(inserted.rows[0]), created: true, sale: toTransaction(updated.rows[0] as Row) };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

async function rollback<T>(client: { query(sql: string): Promise<unknown> }, answer: T): Promise<T> {
  await client.query('ROLLBACK');
  return answer;
}
