export interface Endpoint {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  description: string;
  auth: 'none' | 'bearer';
}

/** The endpoints Tallyline serves to integrators (all under /api). */
export const ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/api/auth/login', description: 'Sign in with email and password; answers a JWT token', auth: 'none' },
  { method: 'POST', path: '/api/client/payments', description: 'Create a card, wallet or bank-transfer payment (Idempotency-Key supported)', auth: 'bearer' },
  { method: 'GET', path: '/api/client/payments', description: 'List your payments', auth: 'bearer' },
  { method: 'POST', path: '/api/client/crypto-payments', description: 'Create a fiat-to-crypto payment in BTC, ETH or USDT (Idempotency-Key supported)', auth: 'bearer' },
  { method: 'GET', path: '/api/client/crypto-payments', description: 'List your crypto payments', auth: 'bearer' },
  { method: 'GET', path: '/api/client/stats', description: 'Revenue, transaction count, success rate and average amount', auth: 'bearer' },
  { method: 'GET', path: '/api/client/exchange-rates?from=EUR&to=BTC&amount=100', description: 'Current fiat-to-crypto exchange rate', auth: 'bearer' },
  { method: 'GET', path: '/api/client/currencies', description: 'Supported fiat and crypto currencies', auth: 'bearer' },
];

/** The Stripe-compatible API (/v1, at the server's root): what the official stripe libraries call. */
export const STRIPE_ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/v1/payment_intents', description: 'Create a PaymentIntent (confirm: true charges it at once; Idempotency-Key supported)', auth: 'bearer' },
  { method: 'GET', path: '/v1/payment_intents/{id}', description: 'Retrieve a PaymentIntent', auth: 'bearer' },
  { method: 'GET', path: '/v1/payment_intents', description: 'List PaymentIntents, newest first (limit, starting_after, ending_before)', auth: 'bearer' },
  { method: 'POST', path: '/v1/payment_intents/{id}/confirm', description: 'Confirm with a payment method such as pm_card_visa', auth: 'bearer' },
  { method: 'POST', path: '/v1/payment_intents/{id}/cancel', description: 'Cancel a PaymentIntent nobody has paid', auth: 'bearer' },
  { method: 'POST', path: '/v1/refunds', description: 'Refund all or part of a succeeded PaymentIntent', auth: 'bearer' },
  { method: 'GET', path: '/v1/refunds/{id}', description: 'Retrieve a refund', auth: 'bearer' },
  { method: 'GET', path: '/v1/events', description: 'List events from the event log (type, limit, starting_after, ending_before)', auth: 'bearer' },
  { method: 'GET', path: '/v1/events/{id}', description: 'Retrieve an event', auth: 'bearer' },
  { method: 'POST', path: '/v1/webhook_endpoints', description: 'Register a webhook endpoint (url, enabled_events); the answer alone shows its whsec_ secret', auth: 'bearer' },
  { method: 'GET', path: '/v1/webhook_endpoints', description: 'List your webhook endpoints', auth: 'bearer' },
  { method: 'GET', path: '/v1/webhook_endpoints/{id}', description: 'Retrieve a webhook endpoint', auth: 'bearer' },
  { method: 'DELETE', path: '/v1/webhook_endpoints/{id}', description: 'Delete a webhook endpoint', auth: 'bearer' },
];

/**
 * Webhook event names of the endpoints registered under /api/webhook-endpoints (contracts'
 * WEBHOOK_EVENT_TYPES). Deliveries are signed; verify before trusting.
 */
export const WEBHOOK_EVENTS = [
  { name: 'payment.created', description: 'A payment was created and is pending' },
  { name: 'payment.completed', description: 'A payment was approved and captured' },
  { name: 'payment.failed', description: 'A payment was declined or failed' },
  { name: 'payment.disputed', description: "The card holder's bank disputed a payment (a chargeback)" },
  { name: 'refund.completed', description: 'A refund was sent to the customer' },
  { name: 'refund.failed', description: 'A refund could not be processed' },
  { name: 'environment.switched', description: 'Your account switched between staging and production' },
  { name: 'crypto_payment.created', description: 'A crypto payment was created' },
  { name: 'crypto_payment.processing', description: 'A crypto payment was seen on the blockchain' },
  { name: 'crypto_payment.completed', description: 'A crypto payment was confirmed' },
  { name: 'crypto_payment.failed', description: 'A crypto payment failed' },
  { name: 'crypto_payment.expired', description: 'A crypto payment expired unpaid' },
];

/**
 * Stripe event names sent to endpoints registered under /v1/webhook_endpoints, signed with
 * Stripe-Signature. `available: false`: named by the spec, but Tallyline has no such object (invoices).
 */
export const STRIPE_EVENTS = [
  { name: 'payment_intent.created', description: 'A PaymentIntent was created', available: true },
  { name: 'payment_intent.succeeded', description: 'A PaymentIntent was paid', available: true },
  { name: 'payment_intent.payment_failed', description: 'A payment attempt was declined', available: true },
  { name: 'payment_intent.requires_action', description: 'The customer must pass 3-D Secure', available: true },
  { name: 'payment_intent.canceled', description: 'A PaymentIntent was canceled', available: true },
  { name: 'charge.refunded', description: 'All or part of a charge was refunded', available: true },
  { name: 'charge.dispute.created', description: "The card holder's bank disputes a charge", available: true },
  { name: 'invoice.payment_succeeded', description: 'Tallyline has no invoices, so this event is never sent', available: false },
];

/** Stripe's test payment methods, mapped onto the sandbox cards below. */
export const TEST_PAYMENT_METHODS = [
  { id: 'pm_card_visa', result: 'Succeeds' },
  { id: 'pm_card_mastercard', result: 'Succeeds' },
  { id: 'pm_card_chargeDeclined', result: 'Declined: card_declined (generic_decline)' },
  { id: 'pm_card_chargeDeclinedInsufficientFunds', result: 'Declined: card_declined (insufficient_funds)' },
  { id: 'pm_card_authenticationRequired', result: 'requires_action: 3-D Secure at next_action.redirect_to_url' },
  { id: 'pm_card_createDispute', result: 'Succeeds, then disputed a moment later (charge.dispute.created)' },
];

/** Design §6 sandbox cards: any future expiry, any 3-digit CVC. */
export const TEST_CARDS = [
  { number: '4111111111111111', brand: 'Visa', result: 'Approved (code 0)' },
  { number: '5555555555554444', brand: 'Mastercard', result: 'Approved (code 0)' },
  { number: '4000000000000002', brand: 'Visa', result: 'Declined (code 1)' },
  { number: '4000000000000127', brand: 'Visa', result: 'Invalid card details (code 2)' },
  { number: '4000000000009995', brand: 'Visa', result: 'Insufficient funds (code 3)' },
  { number: '4000000000003220', brand: 'Visa', result: '3-D Secure required (code 7, redirect URL)' },
  { number: '4000000000000259', brand: 'Visa', result: 'Approved (code 0), then disputed by the bank a moment later' },
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
