import '@testing-library/jest-dom/jest-globals';
import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CryptoPayment } from '@tallyline/contracts';
import { mockFetch } from '../../../../test/fetch';
import { answerBy, bodyOf, renderTab } from '../../../../test/dashboard';
import { CryptoPaymentForm } from './CryptoPaymentForm';

const rateAnswer = (rate: number) => [200, { exchangeRate: { rate, fromCurrency: 'EUR', toCrypto: 'BTC', fetchedAt: '2026-12-02T08:00:00Z' } }] as const;
const created = { amount: '100.00', currency: 'EUR', cryptoAmount: '0.00196078', targetCrypto: 'BTC', exchangeRate: '51000.00' } as CryptoPayment;

describe('CryptoPaymentForm', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });

  it('shows the rate the new payment locked, not the one quoted before it was created', async () => {
    const rates = [50_000, 51_000];
    answerBy(fetchMock, {
      'GET /api/crypto-payments/exchange-rate': () => rateAnswer(rates.shift() ?? 51_000),
      'POST /api/crypto-payments/create': [201, { payment: created }],
      'GET /api/crypto-payments': [200, { cryptoTransactions: [] }],
    });
    renderTab(
      <CryptoPaymentForm environment="staging" fiat="EUR" crypto="BTC" fiats={['EUR']} cryptos={['BTC']} onFiatChange={() => undefined} onCryptoChange={() => undefined} />,
      '/crypto-payments',
    );
    expect(await screen.findByText('1 BTC = 50000.00 EUR')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Importo/), '100');
    await userEvent.type(screen.getByLabelText(/^Email cliente/), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Crea Pagamento' }));

    expect(await screen.findByText('1 BTC = 51000.00 EUR')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/crypto-payments/create')).toMatchObject({ amount: 100, currency: 'EUR', targetCrypto: 'BTC', customerEmail: 'ann@example.com' });
    // The form is empty again for the next payment.
    expect(screen.getByLabelText(/^Importo/)).toHaveValue(null);
  });
});
