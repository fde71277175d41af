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

  it('sends from/to only for a custom range, and ignores unknown values', () => {
    expect(api('range=custom&from=2026-01-01&to=2026-01-31')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
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
