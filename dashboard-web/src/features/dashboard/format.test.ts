import { describe, expect, it } from '@jest/globals';
import type { AnalyticsDay } from '@tallyline/contracts';
import { countryName, monthOverMonth, NO_PREVIOUS_DATA } from './format';

/** A day of one currency: `attempted` of its payments reached the gateway, `completed` took `completedAmount`. */
const day = (revenue: number, attempted: number, completed: number, completedAmount = revenue): AnalyticsDay => ({
  date: '2026-01-01',
  revenue,
  transactions: attempted,
  completed,
  inCurrency: { attempted, completed, completedAmount },
});
const days = (count: number, value: AnalyticsDay) => Array.from({ length: count }, () => value);

describe('monthOverMonth', () => {
  it('compares the last 30 days with the 30 before them', () => {
    // previous: 30 × (10 revenue, 2 tx, 1 completed); current: 30 × (15, 3, 3)
    const growth = monthOverMonth([...days(30, day(10, 2, 1)), ...days(30, day(15, 3, 3))], 'GBP');
    expect(growth.revenue).toBe('+50.0% from last month');
    expect(growth.transactions).toBe('+50.0% from last month');
    expect(growth.successRate).toBe('+50.0% from last month'); // 50 % → 100 %: 50 points
    expect(growth.avgTransaction).toBe('-50.0% from last month'); // 10 → 5 per completed payment
  });

  it('says there is nothing to compare with when the previous month is empty', () => {
    const growth = monthOverMonth([...days(30, day(0, 0, 0)), ...days(30, day(15, 3, 3))], 'GBP');
    expect(growth).toEqual({ revenue: NO_PREVIOUS_DATA, transactions: NO_PREVIOUS_DATA, successRate: NO_PREVIOUS_DATA, avgTransaction: NO_PREVIOUS_DATA });
  });

  it('counts as the cards do: the main currency, payments that reached the gateway, the average before refunds', () => {
    // Both months: 10 payments created a day, 4 of them never reached the gateway; other currencies' payments on top.
    const month = (attempted: number, completed: number, revenue: number, completedAmount: number): AnalyticsDay => ({
      date: '2026-01-01',
      revenue,
      transactions: attempted + 4 + 20,
      completed: completed + 20,
      inCurrency: { attempted, completed, completedAmount },
    });
    const growth = monthOverMonth([...days(30, month(6, 3, 30, 30)), ...days(30, month(6, 6, 30, 60))], 'GBP');
    expect(growth.transactions).toBe('0.0% from last month');
    expect(growth.successRate).toBe('+50.0% from last month'); // 3 of 6 → 6 of 6: 50 points
    expect(growth.avgTransaction).toBe('0.0% from last month'); // 10 a payment both months, refunds aside
    expect(growth.revenue).toBe('0.0% from last month');
  });

  it('gives the success rate change in points, a drop included', () => {
    // 87.5% (7 of 8) then 75% (6 of 8): 12.5 points down, not 14.3% of the rate.
    expect(monthOverMonth([...days(30, day(70, 8, 7)), ...days(30, day(60, 8, 6))], 'GBP').successRate).toBe('-12.5% from last month');
    // Every payment failed last month: a rate of 0% to compare with, not a missing one.
    expect(monthOverMonth([...days(30, day(0, 4, 0)), ...days(30, day(10, 4, 1))], 'GBP').successRate).toBe('+25.0% from last month');
  });

  it('adds amounts as minor units, so a half-way change rounds as written', () => {
    // £300.00 then £300.15 is +0.05%, shown as +0.1%; as floats 300.15 - 300 is 0.1499…, shown as 0.0%.
    const current = [...days(29, day(10, 1, 1)), day(10.15, 1, 1)];
    expect(monthOverMonth([...days(30, day(10, 1, 1)), ...current], 'GBP').revenue).toBe('+0.1% from last month');
    // JPY has no minor unit: the same rule with a scale of 1.
    expect(monthOverMonth([...days(30, day(1050, 1, 1)), ...days(30, day(2100, 1, 1))], 'JPY').revenue).toBe('+100.0% from last month');
  });

  it('shows no change as 0.0%', () => {
    expect(monthOverMonth(days(60, day(5, 1, 1)), 'GBP').revenue).toBe('0.0% from last month');
  });
});

describe('countryName', () => {
  it('names ISO codes and calls a missing country Unknown', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName(null)).toBe('Unknown');
  });
});
