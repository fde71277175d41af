import '@testing-library/jest-dom/jest-globals';
import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import type { MerchantStats } from '@tallyline/contracts';
import { mockFetch } from '../../../../test/fetch';
import { answerBy, renderTab } from '../../../../test/dashboard';
import { OverviewTab } from './OverviewTab';

const gbp = { currency: 'GBP', totalRevenue: 26831.87, totalTransactions: 254, successRate: 85.4, avgTransactionAmount: 128.97 };
const stats = (byCurrency: MerchantStats['byCurrency']): MerchantStats => ({ ...gbp, environment: 'staging', byCurrency });

describe('OverviewTab', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });

  const render = (answer: MerchantStats) => {
    answerBy(fetchMock, {
      'GET /api/merchants/stats': [200, answer],
      'GET /api/merchants/analytics': [200, { days: 60, currency: 'GBP', daily: [], paymentMethods: [], countries: [] }],
      'GET /api/transactions': [200, { data: [], nextCursor: null }],
    });
    renderTab(<OverviewTab />, '/dashboard/overview');
  };

  it('says the cards count the main currency, and what the other currencies took', async () => {
    render(
      stats([
        gbp,
        { currency: 'EUR', totalRevenue: 2875.3, totalTransactions: 27, successRate: 88.9, avgTransactionAmount: 127.52 },
        { currency: 'USD', totalRevenue: 1136.6, totalTransactions: 10, successRate: 80, avgTransactionAmount: 142.08 },
        { currency: 'JPY', totalRevenue: 1000, totalTransactions: 1, successRate: 100, avgTransactionAmount: 1000 },
      ]),
    );
    expect(await screen.findByText('£26,831.87')).toBeInTheDocument();
    expect(screen.getByTestId('other-currencies')).toHaveTextContent(
      'These figures are in GBP, your main currency. Also: €2,875.30 from 27 EUR transactions; $1,136.60 from 10 USD transactions; ¥1,000 from 1 JPY transaction.',
    );
  });

  it('says nothing more for a merchant paid in one currency', async () => {
    render(stats([gbp]));
    expect(await screen.findByText('£26,831.87')).toBeInTheDocument();
    expect(screen.queryByTestId('other-currencies')).not.toBeInTheDocument();
  });
});
