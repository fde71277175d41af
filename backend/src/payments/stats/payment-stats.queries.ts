import { Injectable } from '@nestjs/common';
import { formatMinor, MERCHANT_MESSAGES, type CurrencyStats, type Environment, type MerchantStats } from '@tallyline/contracts';
import { DatabasePool } from '../../platform/database/database-pool.js';
import { DomainError } from '../../platform/domain-error.js';
import type { PaymentStatsView } from '../read-models/payment-stats.entity.js';

type CounterRow = Pick<PaymentStatsView, 'currency' | 'attempted' | 'completed' | 'completedMinor' | 'refundedMinor' | 'disputedMinor'>;
const COUNTERS = 's.currency, s.attempted, s.completed, s.completed_minor AS "completedMinor", s.refunded_minor AS "refundedMinor", s.disputed_minor AS "disputedMinor"';

/** Minor units to the major-unit number the stats answer carries, through the currency's exponent (no float division). */
export const major = (minor: bigint, currency: string) => Number(formatMinor(Number(minor), currency));

/** `numerator ÷ denominator`, rounded half up, in integers. */
export const divideRounded = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);

function currencyStats(row: CounterRow): CurrencyStats {
  // A dispute withdraws its money when it opens (as at Stripe); the projection bounds it by what refunds left.
  const revenueMinor = BigInt(row.completedMinor) - BigInt(row.refundedMinor) - BigInt(row.disputedMinor);
  return {
    currency: row.currency,
    totalRevenue: major(revenueMinor, row.currency),
    totalTransactions: row.attempted,
    // Percent with one decimal: tenths of a percent computed in integers.
    successRate: row.attempted ? Number(divideRounded(BigInt(row.completed) * 1000n, BigInt(row.attempted))) / 10 : 0,
    avgTransactionAmount: row.completed ? major(divideRounded(BigInt(row.completedMinor), BigInt(row.completed)), row.currency) : 0,
  };
}

/**
 * The stats answer: a handful of counter rows per merchant and environment, never a scan of payments.
 * Plain pg with named statements: the dashboard polls it, and TypeORM's query building cost more CPU
 * than the query.
 */
@Injectable()
export class PaymentStatsQueries {
  constructor(private readonly pool: DatabasePool) {}

  async of(merchantId: string, environment: Environment): Promise<MerchantStats> {
    const { rows } = await this.pool.query<CounterRow>({
      name: 'payment-stats-of',
      text: `SELECT ${COUNTERS} FROM payment_stats s WHERE s.merchant_id = $1 AND s.environment = $2 ORDER BY s.attempted DESC, s.currency ASC`,
      values: [merchantId, environment],
    });
    return answer(rows, environment);
  }

  /** The merchant's current environment and its counters in one statement; an unknown merchant is a 404, as MerchantQueries.current has it. */
  async ofCurrentEnvironment(merchantId: string): Promise<MerchantStats> {
    const { rows } = await this.pool.query<{ environment: Environment } & { [K in keyof CounterRow]: CounterRow[K] | null }>({
      name: 'payment-stats-of-current',
      text: `SELECT m.environment, ${COUNTERS} FROM merchants m
               LEFT JOIN payment_stats s ON s.merchant_id = m.id AND s.environment = m.environment
              WHERE m.id = $1 ORDER BY s.attempted DESC, s.currency ASC`,
      values: [merchantId],
    });
    const first = rows[0];
    if (!first) throw new DomainError('not_found', MERCHANT_MESSAGES.notFound);
    // A merchant without counters comes back as one row of nulls (the LEFT JOIN).
    return answer(first.currency === null ? [] : (rows as CounterRow[]), first.environment);
  }
}

function answer(rows: CounterRow[], environment: Environment): MerchantStats {
  const byCurrency = rows.map(currencyStats);
  const main = byCurrency[0];
  if (!main) return { currency: null, environment, totalRevenue: 0, totalTransactions: 0, successRate: 0, avgTransactionAmount: 0, byCurrency };
  return { ...main, environment, byCurrency };
}
