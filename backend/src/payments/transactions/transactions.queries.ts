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
import { folded, foldedPattern } from '../../platform/database/accent-free.js';
import { DatabasePool } from '../../platform/database/database-pool.js';
import { DomainError } from '../../platform/domain-error.js';
import { decodeCursor, encodeCursor } from '../payments.queries.js';
import type { PaymentView } from '../read-models/payment.entity.js';

const DAY_MS = 86_400_000;

/**
 * "The last 7 days" as the analytics tab counts them: 7 UTC days, today included, from midnight. Counting
 * back 7×24 hours instead made the two tabs disagree about the same week.
 */
function periodStart(days: number): Date {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - (days - 1) * DAY_MS);
}

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
   * MerchantQueries.current has it. With the environment the page is of, read in that same statement.
   */
  async pageOfCurrentEnvironment(merchantId: string, filter: TransactionFilter, limit: number, cursor?: string): Promise<{ page: TransactionPage; environment: Environment }> {
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    const { sql, values } = pageStatement({ merchantId, environment: 'm.environment' }, filter, limit + 1, after);
    const { rows } = await this.pool.query<{ [K in keyof TransactionRow]: TransactionRow[K] | null } & { pageEnvironment: Environment }>(
      `SELECT m.environment AS "pageEnvironment", p.* FROM merchants m LEFT JOIN LATERAL (${sql}) p ON true WHERE m.id = $1 ORDER BY p."createdAt" DESC, p.id DESC`,
      values,
    );
    const first = rows[0];
    if (!first) throw new DomainError('not_found', MERCHANT_MESSAGES.notFound);
    // A merchant without a match comes back as one row of nulls (the LEFT JOIN).
    return { page: this.pageOf(first.id === null ? [] : (rows as TransactionRow[]), limit), environment: first.pageEnvironment };
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
  const takeParam = `$${values.length}`;
  const limit = `ORDER BY p.created_at DESC, p.id DESC LIMIT ${takeParam}`;
  if (!filter.q) return { sql: `SELECT ${COLUMNS} FROM payments p WHERE ${conditions.join(' AND ')} ${limit}`, values };
  // One branch per way of matching, each the newest `take` of its own index range (see searchBranches),
  // then the newest `take` of their union: an OR of the four would make PostgreSQL gather every match
  // of all of them to sort them. OFFSET 0 keeps each branch's LIMIT out of its plan: given it, PostgreSQL
  // may walk the merchant's payments newest first, expecting a match soon from table-wide statistics,
  // and read every one of a million when this merchant has none (a second, in `EXPLAIN ANALYZE`);
  // reading its matches from the index costs what they number: about 20 ms for one letter over a million.
  const branches = searchBranches(filter.q, values).map(
    (match) => `(SELECT created_at, id FROM (SELECT p.created_at, p.id FROM payments p WHERE ${[...conditions, match].join(' AND ')} OFFSET 0) branch ORDER BY created_at DESC, id DESC LIMIT ${takeParam})`,
  );
  return {
    sql: `SELECT ${COLUMNS} FROM payments p WHERE p.id IN (SELECT id FROM (${branches.join(' UNION ')}) hits ORDER BY created_at DESC, id DESC LIMIT ${takeParam}) ${limit}`,
    values,
  };
}

/** The hexadecimal digits a payment id may start with (a UUID's, its dashes anywhere or nowhere). */
const ID_PREFIX = /^[0-9a-f-]{1,36}$/i;

/**
 * `q` matches the beginning of the customer's e-mail, of the customer's name or of its last word (a
 * surname), or of the payment id, ignoring accents and case on both sides ("jose" finds "José",
 * "MÜLLER" finds "Muller"); `%` and `_` are plain characters. Each is one range of an index of the
 * folded text that also holds the page's order (migrations 1700000001380 and 1700000001480, whose
 * index expressions these must match): a search reads its matches from the indexes, never the table.
 */
function searchBranches(q: string, values: unknown[]): string[] {
  // Folded and escaped by PostgreSQL, as the indexed columns are: the same rules for every alphabet.
  values.push(q);
  const prefix = foldedPattern(`$${values.length}::text`, 'prefix');
  const branches = [
    `${folded('p.customer_email')} LIKE ${prefix}`,
    `${folded('p.customer_name')} LIKE ${prefix}`,
    `${folded(`substring(p.customer_name from '(\\S+)\\s*$')`)} LIKE ${prefix}`,
  ];
  const digits = q.replace(/-/g, '');
  if (ID_PREFIX.test(q) && digits.length > 0 && digits.length <= 32) {
    // The ids starting with those digits are one range of the primary key.
    const bound = (pad: string) => digits.padEnd(32, pad).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
    values.push(bound('0'), bound('f'));
    branches.push(`p.id BETWEEN $${values.length - 1} AND $${values.length}`);
  }
  return branches;
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
  const from = filter.period ? periodStart(TRANSACTION_PERIODS[filter.period]) : filter.from?.at;
  if (from) where((v) => `p.created_at >= ${v}`, from);
  if (filter.to) {
    // A bare date includes its whole (UTC) day.
    if (filter.to.dateOnly) where((v) => `p.created_at < ${v}`, new Date(filter.to.at.getTime() + DAY_MS));
    else where((v) => `p.created_at <= ${v}`, filter.to.at);
  }
  return { conditions, values };
}
