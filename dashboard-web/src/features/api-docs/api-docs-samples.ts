/**
 * Code shown on the Italian API documentation page. `{{BASE_URL}}` becomes this deployment's API
 * root. As documented, traditional amounts go in minor units (10000 → "100.00") while crypto
 * amounts go in major units (1000 → "1000.00").
 */
export const LOGIN_REQUEST = `curl -X POST {{BASE_URL}}/auth/login \\
  -H "Content-Type: application/json" \\
  -d '{ "email": "merchant@example.com", "password": "la-tua-password" }'`;

export const LOGIN_RESPONSE = `{
  "token": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...",
  "message": "Login successful"
}`;

export const AUTH_HEADER = `Authorization: Bearer <token JWT oppure sk_test_... / sk_live_...>`;

export const PAYMENT_REQUEST = `POST {{BASE_URL}}/client/payments
Content-Type: application/json
Authorization: Bearer <token>
Idempotency-Key: order-1001

{
  "amount": 10000,
  "currency": "EUR",
  "customerEmail": "mario.rossi@example.com",
  "customerName": "Mario Rossi",
  "orderId": "order-1001",
  "paymentMethod": "credit_card",
  "environment": "staging"
}`;

export const PAYMENT_RESPONSE = `{
  "id": "5b0f9a3e-8f1d-4d6e-9a51-2f3c7d9e1a20",
  "merchantId": "b7c1e2d4-3a5f-4e6b-8c9d-0a1b2c3d4e5f",
  "gatewayTransactionId": "TX-884120",
  "amount": "100.00",
  "currency": "EUR",
  "status": "pending",
  "paymentUrl": "https://pay.tallyline.com/p/5b0f9a3e",
  "customerEmail": "mario.rossi@example.com",
  "customerName": "Mario Rossi",
  "orderId": "order-1001",
  "paymentMethod": "credit_card",
  "environment": "staging",
  "createdAt": "2026-03-01T10:00:00.000Z"
}`;

export const CRYPTO_REQUEST = `POST {{BASE_URL}}/client/crypto-payments
Content-Type: application/json
Authorization: Bearer <token>

{
  "amount": 1000,
  "currency": "EUR",
  "targetCrypto": "BTC",
  "customerEmail": "mario.rossi@example.com",
  "customerName": "Mario Rossi",
  "orderId": "order_1772359200000",
  "environment": "staging"
}`;

export const CRYPTO_RESPONSE = `{
  "id": "c2a4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f",
  "orderId": "order_1772359200000",
  "status": "pending",
  "amount": "1000.00",
  "currency": "EUR",
  "cryptoAmount": "0.01587302",
  "targetCrypto": "BTC",
  "exchangeRate": "63000.00",
  "paymentUrl": "https://pay.tallyline.com/c/c2a4e6f8",
  "environment": "staging",
  "createdAt": "2026-03-01T10:00:00.000Z",
  "expiresAt": "2026-03-01T10:30:00.000Z"
}`;

export const EXCHANGE_RATE_REQUEST = `GET {{BASE_URL}}/client/exchange-rates?from=EUR&to=BTC&amount=1000
Authorization: Bearer <token>`;

export const WEBHOOK_TRADITIONAL = `{
  "transaction_id": "5b0f9a3e-8f1d-4d6e-9a51-2f3c7d9e1a20",
  "status": "completed",
  "amount": "100.00",
  "currency": "EUR",
  "order_id": "order-1001",
  "customer_email": "mario.rossi@example.com",
  "payment_method": "credit_card",
  "environment": "staging",
  "timestamp": "2026-03-01T10:01:12.000Z"
}`;

export const WEBHOOK_CRYPTO = `{
  "payment_id": "c2a4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f",
  "status": "completed",
  "amount": "1000.00",
  "currency": "EUR",
  "crypto_amount": "0.01587302",
  "crypto_currency": "BTC",
  "blockchain_tx_hash": "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b",
  "confirmations": 3,
  "environment": "staging",
  "timestamp": "2026-03-01T10:24:40.000Z"
}`;

export const NODE_EXAMPLE = `// Node.js 20+: accesso, pagamento e verifica del webhook
import crypto from 'node:crypto';

const BASE_URL = '{{BASE_URL}}';

async function login(email, password) {
  const res = await fetch(\`\${BASE_URL}/auth/login\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(\`Login failed: \${res.status}\`);
  return (await res.json()).token;
}

async function createPayment(token) {
  const res = await fetch(\`\${BASE_URL}/client/payments\`, {
    method: 'POST',
    headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      amount: 10000, // unità minime: 10000 = 100.00 EUR
      currency: 'EUR',
      customerEmail: 'mario.rossi@example.com',
      customerName: 'Mario Rossi',
      orderId: 'order-1001',
      paymentMethod: 'credit_card',
      environment: 'staging',
    }),
  });
  return res.json();
}

// Firma secondo Standard Webhooks: HMAC-SHA256 di "<webhook-id>.<webhook-timestamp>.<corpo grezzo>"
function verifyWebhook(rawBody, headers, secret) {
  const signed = \`\${headers['webhook-id']}.\${headers['webhook-timestamp']}.\${rawBody}\`;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(crypto.createHmac('sha256', key).update(signed).digest('base64'));
  const valid = headers['webhook-signature'].split(' ').some((entry) => {
    const candidate = Buffer.from(entry.split(',')[1] ?? '');
    return candidate.length === expected.length && crypto.timingSafeEqual(candidate, expected);
  });
  if (!valid) throw new Error('Invalid webhook signature');
  return JSON.parse(rawBody);
}`;

export const PHP_EXAMPLE = `<?php
// PHP 8: creazione di un pagamento crypto
$baseUrl = '{{BASE_URL}}';
$token = getenv('TALLYLINE_TOKEN'); // JWT da /auth/login oppure sk_test_...

$ch = curl_init($baseUrl . '/client/crypto-payments');
curl_setopt_array($ch, [
    CURLOPT_POST => true,
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_HTTPHEADER => [
        'Authorization: Bearer ' . $token,
        'Content-Type: application/json',
    ],
    CURLOPT_POSTFIELDS => json_encode([
        'amount' => 1000, // unità intere: 1000 = 1000.00 EUR
        'currency' => 'EUR',
        'targetCrypto' => 'BTC',
        'customerEmail' => 'mario.rossi@example.com',
        'customerName' => 'Mario Rossi',
        'orderId' => 'order_' . round(microtime(true) * 1000),
        'environment' => 'staging',
    ]),
]);
$payment = json_decode(curl_exec($ch), true);
curl_close($ch);

echo $payment['cryptoAmount'] . ' ' . $payment['targetCrypto'];`;
