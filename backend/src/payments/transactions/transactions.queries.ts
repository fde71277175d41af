import { Injectable } from '@nestjs/common';
import {
  DEFAULT_TRANSACTION_DESCRIPTION,
  formatMinor,
  MERCHANT_MESSAGES,
  TRANSACTION_PERIODS,
  type Environment,
  type Transaction,
  type TransactionFilter,
  type TransactionPage,
} from '@tallyline/contracts';
import { DatabasePool } from '../../platform/database/database-pool.js';
import { DomainError } from '../../platform/domain-error.js';
import { decodeCursor, encodeCursor } from '../payments.queries.js';
import type { PaymentView } from '../read-models/payment.entity.js';

const DAY_MS = 86_400_000;
/** Rows per round trip of the CSV export: a few hundred kilobytes held at a time, whatever the total. */
const EXPORT_BATCH = 1_000;

interface Scope {
  merchantId: string;
  environment: Environment;
}

/** The columns a transaction shows (and its cursor needs). */
type TransactionRow = Pick<
  PaymentView,
  'id' | 'gatewayTransactionId' | 'amountMinor' | 'refundedMinor' | 'currency' | 'paymentMethod' | 'status' | 'description' | 'customerName' | 'customerEmail' | 'createdAt'
>;
const COLUMNS = `p.id, p.gateway_transaction_id AS "gatewayTransactionId", p.amount_minor AS "amountMinor", p.refunded_minor AS "refundedMinor",
  p.currency, p.payment_method AS "paymentMethod", p.status, p.description, p.customer_name AS "customerName",
  p.customer_email AS "customerEmail", p.created_at AS "createdAt"`;

export function toTransaction(view: TransactionRow): Transaction {
  return {
    id: view.id,
    gatewayTransactionId: view.gatewayTransactionId,
    amount: formatMinor(Number(view.amountMinor), view.currency),
    refundedAmount: formatMinor(Number(view.refundedMinor), view.currency),
    currency: view.currency,
    paymentMethod: view.paymentMethod,
    status: view.status,
    description: view.description ?? DEFAULT_TRANSACTION_DESCRIPTION,
    customerName: view.customerName,
    customerEmail: view.customerEmail,
    createdAt: view.createdAt.toISOString(),
  };
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The transactions tab: one merchant's payments in one environment, filtered, newest first, in
 * keyset pages over (created_at, id); each filter has an index that keeps that order (migration
 * 1700000001040). Plain pg, the SQL written out: the tab is the dashboard's busiest read, and
 * TypeORM's query building and entity mapping cost more CPU than PostgreSQL spent answering.
 */
@Injectable()
export class TransactionQueries {
  constructor(private readonly pool: DatabasePool) {}

  /**
   * A page in the merchant's current environment, read with the merchant in one statement (the merchant
   * row, then its page through LATERAL, each filter's index as before); an unknown merchant is a 404, as
   * MerchantQueries.current has it.
   */
  async pageOfCurrentEnvironment(merchantId: string, filter: TransactionFilter, limit: number, cursor?: string): Promise<TransactionPage> {
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    const { sql, values } = pageStatement({ merchantId, environment: 'm.environment' }, filter, limit + 1, after);
    const { rows } = await this.pool.query<{ [K in keyof TransactionRow]: TransactionRow[K] | null }>(
      `SELECT p.* FROM merchants m LEFT JOIN LATERAL (${sql}) p ON true WHERE m.id = $1 ORDER BY p."createdAt" DESC, p.id DESC`,
      values,
    );
    if (!rows.length) throw new DomainError('not_found', MERCHANT_MESSAGES.notFound);
    // A merchant without a match comes back as one row of nulls (the LEFT JOIN).
    return this.pageOf(rows[0]!.id === null ? [] : (rows as TransactionRow[]), limit);
  }

  /** `rows` holds up to one more than the page: its presence says there is a next page. */
  private pageOf(rows: TransactionRow[], limit: number): TransactionPage {
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { data: page.map(toTransaction), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
  }

  /** Every match, batch after batch (keyset, so each batch is one index range): for the CSV export. */
  async *all(scope: Scope, filter: TransactionFilter, batchSize = EXPORT_BATCH): AsyncGenerator<Transaction[]> {
    let after: { createdAt: string; id: string } | undefined;
    for (;;) {
      const rows = await this.rows(scope, filter, batchSize, after);
      if (rows.length > 0) yield rows.map(toTransaction);
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) return;
      after = { createdAt: last.createdAt.toISOString(), id: last.id };
    }
  }

  private async rows(scope: Scope, filter: TransactionFilter, take: number, after?: { createdAt: string; id: string }): Promise<TransactionRow[]> {
    const { sql, values } = pageStatement(scope, filter, take, after);
    return (await this.pool.query<TransactionRow>(sql, values)).rows;
  }
}

/**
 * The matches newest first, at most `take`, after the keyset position when given. The environment is a
 * value, or an SQL expression (`m.environment` when the merchant row is read in the same statement).
 */
function pageStatement(scope: { merchantId: string; environment: Environment | 'm.environment' }, filter: TransactionFilter, take: number, after?: { createdAt: string; id: string }) {
  const { conditions, values } = filtered(scope, filter);
  if (after) {
    values.push(after.createdAt, after.id);
    conditions.push(`(p.created_at, p.id) < ($${values.length - 1}, $${values.length})`);
  }
  values.push(take);
  return { sql: `SELECT ${COLUMNS} FROM payments p WHERE ${conditions.join(' AND ')} ORDER BY p.created_at DESC, p.id DESC LIMIT $${values.length}`, values };
}

/** The WHERE conditions and their values ($1, $2… in order): the scope first, then each filter given. */
function filtered({ merchantId, environment }: { merchantId: string; environment: Environment | 'm.environment' }, filter: TransactionFilter): { conditions: string[]; values: unknown[] } {
  const values: unknown[] = [merchantId];
  const conditions = ['p.merchant_id = $1'];
  if (environment === 'm.environment') conditions.push('p.environment = m.environment');
  else {
    values.push(environment);
    conditions.push('p.environment = $2');
  }
  const where = (sql: (param: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(sql(`$${values.length}`));
  };
  if (filter.status) where((v) => `p.status = ${v}`, filter.status);
  if (filter.paymentMethod) where((v) => `p.payment_method = ${v}`, filter.paymentMethod);
  if (filter.currency) where((v) => `p.currency = ${v}`, filter.currency);
  if (filter.minAmount !== undefined) where((v) => `p.amount_minor >= ${v}`, filter.minAmount);
  if (filter.maxAmount !== undefined) where((v) => `p.amount_minor <= ${v}`, filter.maxAmount);
  const from = filter.period ? new Date(Date.now() - TRANSACTION_PERIODS[filter.period] * DAY_MS) : filter.from?.at;
  if (from) where((v) => `p.created_at >= ${v}`, from);
  if (filter.to) {
    // A bare date includes its whole (UTC) day.
    if (filter.to.dateOnly) where((v) => `p.created_at < ${v}`, new Date(filter.to.at.getTime() + DAY_MS));
    else where((v) => `p.created_at <= ${v}`, filter.to.at);
  }
  // The same expression as the trigram index payments_search_idx, so the index serves it.
  if (filter.q) where((v) => `(p.customer_name || ' ' || p.customer_email || ' ' || p.id::text) ILIKE ${v}`, `%${likeLiteral(filter.q)}%`);
  return { conditions, values };
}
