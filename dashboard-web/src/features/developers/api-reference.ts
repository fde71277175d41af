export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  description: string;
  auth: 'none' | 'bearer';
}

/** The endpoints Tallyline serves to integrators (all under /api). */
export const ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/api/auth/login', description: 'Sign in with email and password; answers a JWT token', auth: 'none' },
  { method: 'POST', path: '/api/client/payments', description: 'Create a card, wallet or bank-transfer payment (Idempotency-Key supported)', auth: 'bearer' },
  { method: 'GET', path: '/api/client/payments', description: 'List your payments', auth: 'bearer' },
  { method: 'POST', path: '/api/client/crypto-payments', description: 'Create a fiat-to-crypto payment in BTC, ETH or USDT', auth: 'bearer' },
  { method: 'GET', path: '/api/client/crypto-payments', description: 'List your crypto payments', auth: 'bearer' },
  { method: 'GET', path: '/api/client/stats', description: 'Revenue, transaction count, success rate and average amount', auth: 'bearer' },
  { method: 'GET', path: '/api/client/exchange-rates?from=EUR&to=BTC&amount=100', description: 'Current fiat-to-crypto exchange rate', auth: 'bearer' },
  { method: 'GET', path: '/api/client/currencies', description: 'Supported fiat and crypto currencies', auth: 'bearer' },
];

/**
 * Webhook event names, one per public payment event (they mirror the platform's domain events:
 * PaymentCompleted → payment.completed). Deliveries are signed; verify before trusting.
 */
export const WEBHOOK_EVENTS = [
  { name: 'payment.created', description: 'A payment was created and is pending' },
  { name: 'payment.completed', description: 'A payment was approved and captured' },
  { name: 'payment.failed', description: 'A payment was declined or failed' },
  { name: 'payment.requires_action', description: 'The customer must complete 3-D Secure' },
  { name: 'refund.completed', description: 'A refund was sent to the customer' },
  { name: 'refund.failed', description: 'A refund could not be processed' },
  { name: 'crypto_payment.created', description: 'A crypto payment was created' },
  { name: 'crypto_payment.status_changed', description: 'A crypto payment changed status (completed, failed, expired…)' },
];

/** Design §6 sandbox cards: any future expiry, any 3-digit CVC. */
export const TEST_CARDS = [
  { number: '4111111111111111', brand: 'Visa', result: 'Approved (code 0)' },
  { number: '5555555555554444', brand: 'Mastercard', result: 'Approved (code 0)' },
  { number: '4000000000000002', brand: 'Visa', result: 'Declined (code 1)' },
  { number: '4000000000000127', brand: 'Visa', result: 'Invalid card details (code 2)' },
  { number: '4000000000009995', brand: 'Visa', result: 'Insufficient funds (code 3)' },
  { number: '4000000000003220', brand: 'Visa', result: '3-D Secure required (code 7, redirect URL)' },
];

export const API_FEATURES = [
  { title: 'RESTful JSON', text: 'Predictable resource URLs, JSON bodies and standard HTTP status codes.' },
  { title: 'Two environments', text: 'Staging and production, each with its own secret key.' },
  { title: 'Safe retries', text: 'Send an Idempotency-Key and a retried request never charges twice.' },
  { title: 'Signed webhooks', text: 'Every status change is pushed to your endpoint, signed so you can verify it.' },
  { title: 'Crypto payments', text: 'Accept BTC, ETH and USDT with fiat amounts and live rates.' },
  { title: 'Fast', text: 'Processing in under 300 ms with a 99.99% uptime SLA.' },
];

export const SUPPORT_EMAIL = 'support@tallyline.com';
export const SOURCE_URL = 'https://github.com/tallyline';
