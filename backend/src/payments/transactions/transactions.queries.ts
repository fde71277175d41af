import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  DEFAULT_TRANSACTION_DESCRIPTION,
  formatMinor,
  TRANSACTION_PERIODS,
  type Environment,
  type Transaction,
  type TransactionFilter,
  type TransactionPage,
} from '@tallyline/contracts';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { decodeCursor, encodeCursor } from '../payments.queries.js';
import { PaymentView } from '../read-models/payment.entity.js';

const DAY_MS = 86_400_000;
/** Rows per round trip of the CSV export: a few hundred kilobytes held at a time, whatever the total. */
const EXPORT_BATCH = 1_000;

interface Scope {
  merchantId: string;
  environment: Environment;
}

export function toTransaction(view: PaymentView): Transaction {
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
 * 1700000001040).
 */
@Injectable()
export class TransactionQueries {
  constructor(@InjectRepository(PaymentView) private readonly payments: Repository<PaymentView>) {}

  async page(scope: Scope, filter: TransactionFilter, limit: number, cursor?: string): Promise<TransactionPage> {
    const rows = await this.rows(scope, filter, limit + 1, cursor === undefined ? undefined : decodeCursor(cursor));
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

  private rows(scope: Scope, filter: TransactionFilter, take: number, after?: { createdAt: string; id: string }): Promise<PaymentView[]> {
    const query = this.filtered(scope, filter).orderBy('p.created_at', 'DESC').addOrderBy('p.id', 'DESC').limit(take);
    if (after) query.andWhere('(p.created_at, p.id) < (:afterCreatedAt, :afterId)', { afterCreatedAt: after.createdAt, afterId: after.id });
    return query.getMany();
  }

  private filtered({ merchantId, environment }: Scope, filter: TransactionFilter): SelectQueryBuilder<PaymentView> {
    const query = this.payments.createQueryBuilder('p').where('p.merchant_id = :merchantId AND p.environment = :environment', { merchantId, environment });
    if (filter.status) query.andWhere('p.status = :status', { status: filter.status });
    if (filter.paymentMethod) query.andWhere('p.payment_method = :paymentMethod', { paymentMethod: filter.paymentMethod });
    if (filter.currency) query.andWhere('p.currency = :currency', { currency: filter.currency });
    if (filter.minAmount !== undefined) query.andWhere('p.amount_minor >= :minAmount', { minAmount: filter.minAmount });
    if (filter.maxAmount !== undefined) query.andWhere('p.amount_minor <= :maxAmount', { maxAmount: filter.maxAmount });
    const from = filter.period ? new Date(Date.now() - TRANSACTION_PERIODS[filter.period] * DAY_MS) : filter.from?.at;
    if (from) query.andWhere('p.created_at >= :from', { from });
    if (filter.to) {
      // A bare date includes its whole (UTC) day.
      if (filter.to.dateOnly) query.andWhere('p.created_at < :to', { to: new Date(filter.to.at.getTime() + DAY_MS) });
      else query.andWhere('p.created_at <= :to', { to: filter.to.at });
    }
    if (filter.q) {
      // The same expression as the trigram index payments_search_idx, so the index serves it.
      query.andWhere(`(p.customer_name || ' ' || p.customer_email || ' ' || p.id::text) ILIKE :q`, { q: `%${likeLiteral(filter.q)}%` });
    }
    return query;
  }
}
