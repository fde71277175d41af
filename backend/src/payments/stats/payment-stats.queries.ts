import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { formatMinor, type CurrencyStats, type Environment, type MerchantStats } from '@tallyline/contracts';
import { Repository } from 'typeorm';
import { PaymentStatsView } from '../read-models/payment-stats.entity.js';

/** Minor units to the major-unit number the stats answer carries, through the currency's exponent (no float division). */
export const major = (minor: bigint, currency: string) => Number(formatMinor(Number(minor), currency));

/** `numerator ÷ denominator`, rounded half up, in integers. */
export const divideRounded = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);

function currencyStats(row: PaymentStatsView): CurrencyStats {
  const revenueMinor = BigInt(row.completedMinor) - BigInt(row.refundedMinor);
  return {
    currency: row.currency,
    totalRevenue: major(revenueMinor, row.currency),
    totalTransactions: row.attempted,
    // Percent with one decimal: tenths of a percent computed in integers.
    successRate: row.attempted ? Number(divideRounded(BigInt(row.completed) * 1000n, BigInt(row.attempted))) / 10 : 0,
    avgTransactionAmount: row.completed ? major(divideRounded(BigInt(row.completedMinor), BigInt(row.completed)), row.currency) : 0,
  };
}

/** The stats answer: a handful of counter rows per merchant and environment, never a scan of payments. */
@Injectable()
export class PaymentStatsQueries {
  constructor(@InjectRepository(PaymentStatsView) private readonly stats: Repository<PaymentStatsView>) {}

  async of(merchantId: string, environment: Environment): Promise<MerchantStats> {
    const rows = await this.stats.find({ where: { merchantId, environment }, order: { attempted: 'DESC', currency: 'ASC' } });
    const byCurrency = rows.map(currencyStats);
    const main = byCurrency[0];
    if (!main) return { currency: null, environment, totalRevenue: 0, totalTransactions: 0, successRate: 0, avgTransactionAmount: 0, byCurrency };
    return { ...main, environment, byCurrency };
  }
}
