import { describe, expect, it } from '@jest/globals';
import { apiFilters, withFilter } from './transaction-filters';

const api = (url: string) => Object.fromEntries(apiFilters(new URLSearchParams(url)));

describe('apiFilters', () => {
  it('turns the URL filters into the API query, amounts in minor units', () => {
    expect(api('range=30d&status=completed&method=credit_card&amount=100-1000&q=%20ann%20')).toEqual({
      period: '30d',
      status: 'completed',
      paymentMethod: 'credit_card',
      minAmount: '10001',
      maxAmount: '100000',
      q: 'ann',
    });
    expect(api('amount=0-100')).toEqual({ minAmount: '0', maxAmount: '10000' });
    expect(api('amount=1000%2B')).toEqual({ minAmount: '100001' });
  });

  it("sends from/to only for a custom range, as the bounds of the visitor's own days, and ignores unknown values", () => {
    // The tests run at UTC-8/-7 (jest.config.js): Los Angeles' days.
    expect(api('range=custom&from=2026-01-01&to=2026-01-31')).toEqual({ from: '2026-01-01T08:00:00.000Z', to: '2026-02-01T07:59:59.999Z' });
    expect(api('range=custom&from=2026-07-01&to=2026-07-01')).toEqual({ from: '2026-07-01T07:00:00.000Z', to: '2026-07-02T06:59:59.999Z' });
    expect(api('range=custom&from=2026-02-31&to=yesterday')).toEqual({});
    expect(api('range=7d&from=2026-01-01')).toEqual({ period: '7d' });
    expect(api('range=1y&status=lost&method=cash&amount=huge')).toEqual({});
  });
});

describe('withFilter', () => {
  it('starts again from the first page and drops custom dates with another range', () => {
    const next = withFilter(new URLSearchParams('range=custom&from=2026-01-01&after=c1&after=c2'), 'range', '7d');
    expect(next.toString()).toBe('range=7d');
    expect(withFilter(new URLSearchParams('status=failed'), 'status', '').toString()).toBe('');
  });
});
