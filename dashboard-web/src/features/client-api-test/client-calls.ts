/**
 * The client API calls the test page makes (public-and-developer-areas §7), with the sample data of
 * its two create buttons. The sign-in uses the seeded demo merchant's published sample credentials.
 */
export const SAMPLE_CREDENTIALS = { email: 'demo@tallyline.test', password: 'demo-password-123' } as const;

export interface ClientCall {
  id: string;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  /** Built when clicked, so every created payment gets its own order id. */
  body?: () => Record<string, unknown>;
}

const orderId = (prefix: string) => `${prefix}_${Date.now()}`;

export const CLIENT_CALLS: ClientCall[] = [
  { id: 'stats', label: 'Get Stats', method: 'GET', path: '/api/client/stats' },
  { id: 'payments', label: 'Get Payments', method: 'GET', path: '/api/client/payments' },
  { id: 'crypto-payments', label: 'Get Crypto Payments', method: 'GET', path: '/api/client/crypto-payments' },
  { id: 'exchange-rates', label: 'Get Exchange Rates', method: 'GET', path: '/api/client/exchange-rates?from=EUR&to=BTC&amount=100' },
  { id: 'currencies', label: 'Get Currencies', method: 'GET', path: '/api/client/currencies' },
  { id: 'documentation', label: 'Get Documentation', method: 'GET', path: '/api/client/documentation' },
  {
    id: 'create-payment',
    label: 'Create Payment',
    method: 'POST',
    path: '/api/client/payments',
    // Minor units: 10000 is 100.00 GBP.
    body: () => ({ amount: 10000, currency: 'GBP', customerEmail: 'customer@example.com', customerName: 'Test Customer', orderId: orderId('test'), paymentMethod: 'credit_card', environment: 'staging' }),
  },
  {
    id: 'create-crypto-payment',
    label: 'Create Crypto Payment',
    method: 'POST',
    path: '/api/client/crypto-payments',
    // Major units: 100 is 100.00 EUR.
    body: () => ({ amount: 100, currency: 'EUR', targetCrypto: 'BTC', customerEmail: 'customer@example.com', customerName: 'Test Customer', orderId: orderId('crypto_test'), environment: 'staging' }),
  },
];

export const CLIENT_TEST_MESSAGES = {
  authenticated: 'Authentication successful',
  authenticationFailed: 'Authentication failed',
  callSucceeded: 'API call successful',
  callFailed: 'API call failed',
  authenticateFirst: 'Please authenticate first',
  noResponse: 'No response yet',
} as const;
