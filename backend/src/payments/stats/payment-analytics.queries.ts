import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AnalyticsDay, AnalyticsShare, Environment, MerchantAnalytics, PaymentMethodType } from '@tallyline/contracts';
import type { DataSource } from 'typeorm';
import { divideRounded, major } from './payment-stats.queries.js';

const DAY_MS = 86_400_000;

interface Row {
  grouping: 'day' | 'method' | 'country';
  day: string | null;
  currency: string | null;
  payment_method: PaymentMethodType | null;
  country: string | null;
  created: string;
  attempted: string;
  completed: string;
  completed_minor: string;
  refunded_minor: string;
  disputed_minor: string;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Percent of the total with one decimal, rounded half up in integers. */
const percent = (part: number, total: number) => (total ? Number(divideRounded(BigInt(part) * 1000n, BigInt(total))) / 10 : 0);

function shares<K>(rows: Row[], keyOf: (row: Row) => K, total: number): AnalyticsShare<K>[] {
  return rows
    .map((row) => ({ key: keyOf(row), transactions: Number(row.created), share: percent(Number(row.created), total) }))
    .filter((share) => share.transactions > 0)
    .sort((a, b) => b.transactions - a.transactions || String(a.key).localeCompare(String(b.key)));
}

/** The busiest currency of the period: most payments created, then most completed, then by code. */
function mainCurrency(dayRows: Row[]): string | null {
  const totals = new Map<string, { created: number; completed: number }>();
  for (const row of dayRows) {
    const total = totals.get(row.currency!) ?? { created: 0, completed: 0 };
    total.created += Number(row.created);
    total.completed += Number(row.completed);
    totals.set(row.currency!, total);
  }
  const [first] = [...totals].sort(([a, x], [b, y]) => y.created - x.created || y.completed - x.completed || a.localeCompare(b));
  return first?.[0] ?? null;
}

/**
 * The analytics tab: one grouped read of the daily rollup (a few rows per day, never a scan of
 * payments), then the series filled with zero days so a chart has every day of the period.
 */
@Injectable()
export class PaymentAnalyticsQueries {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async of(merchantId: string, environment: Environment, days: number, now = new Date()): Promise<MerchantAnalytics> {
    const to = isoDay(now);
    const from = isoDay(new Date(now.getTime() - (days - 1) * DAY_MS));
    const rows = await this.db.query<Row[]>(
      `SELECT CASE WHEN GROUPING(day) = 0 THEN 'day' WHEN GROUPING(payment_method) = 0 THEN 'method' ELSE 'country' END AS grouping,
              day::text AS day, currency, payment_method, country,
              sum(created)::text AS created, sum(attempted)::text AS attempted, sum(completed)::text AS completed,
              sum(completed_minor)::text AS completed_minor, sum(refunded_minor)::text AS refunded_minor,
              sum(disputed_minor)::text AS disputed_minor
         FROM payment_daily_stats
        WHERE merchant_id = $1 AND environment = $2 AND day BETWEEN $3 AND $4
        GROUP BY GROUPING SETS ((day, currency), (payment_method), (country))`,
      [merchantId, environment, from, to],
    );
    const dayRows = rows.filter((row) => row.grouping === 'day');
    const currency = mainCurrency(dayRows);
    const byDay = new Map<string, { revenue: bigint; transactions: number; completed: number; attempted: number; completedInCurrency: number; completedMinor: bigint }>();
    for (const row of dayRows) {
      const day = byDay.get(row.day!) ?? { revenue: 0n, transactions: 0, completed: 0, attempted: 0, completedInCurrency: 0, completedMinor: 0n };
      day.transactions += Number(row.created);
      day.completed += Number(row.completed);
      if (row.currency === currency) {
        day.revenue += BigInt(row.completed_minor) - BigInt(row.refunded_minor) - BigInt(row.disputed_minor);
        day.attempted += Number(row.attempted);
        day.completedInCurrency += Number(row.completed);
        day.completedMinor += BigInt(row.completed_minor);
      }
      byDay.set(row.day!, day);
    }
    const inCurrency = (minor: bigint | undefined) => (minor !== undefined && currency ? major(minor, currency) : 0);
    const daily: AnalyticsDay[] = Array.from({ length: days }, (_, i) => {
      const date = isoDay(new Date(Date.parse(from) + i * DAY_MS));
      const day = byDay.get(date);
      return {
        date,
        revenue: inCurrency(day?.revenue),
        transactions: day?.transactions ?? 0,
        completed: day?.completed ?? 0,
        inCurrency: { attempted: day?.attempted ?? 0, completed: day?.completedInCurrency ?? 0, completedAmount: inCurrency(day?.completedMinor) },
      };
    });
    const totalRevenueMinor = [...byDay.values()].reduce((sum, day) => sum + day.revenue, 0n);
    const totalTransactions = daily.reduce((sum, day) => sum + day.transactions, 0);
    return {
      environment,
      days,
      from,
      to,
      currency,
      totalRevenue: currency ? major(totalRevenueMinor, currency) : 0,
      totalTransactions,
      daily,
      paymentMethods: shares(rows.filter((row) => row.grouping === 'method'), (row) => row.payment_method!, totalTransactions),
      countries: shares(rows.filter((row) => row.grouping === 'country'), (row) => row.country || null, totalTransactions),
    };
  }
}
