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
Idempotency-Key: order-2001

{
  "amount": 10000,
  "currency": "EUR",
  "customerEmail": "mario.rossi@example.com",
  "customerName": "Mario Rossi",
  "orderId": "order-2001",
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
  "orderId": "order-2001",
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
  "payment": {
    "id": "c2a4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f",
    "orderId": "order_1772359200000",
    "status": "pending",
    "amount": "1000.00",
    "currency": "EUR",
    "fiatAmount": "1000.00",
    "fiatCurrency": "EUR",
    "cryptoAmount": "0.01587302",
    "targetCrypto": "BTC",
    "cryptoCurrency": "BTC",
    "exchangeRate": "63000.00",
    "customerEmail": "mario.rossi@example.com",
    "customerName": "Mario Rossi",
    "paymentUrl": "https://tallyline.example/crypto-payments/c2a4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f",
    "providerPaymentId": "sbx_8f2c1d7e",
    "address": "bc1qsandbox8f2c1d7e0a9b3c4d5e6f7a8b9c0d1e2f",
    "blockchainTxHash": null,
    "confirmations": null,
    "environment": "staging",
    "merchantId": "b7c1e2d4-3a5f-4e6b-8c9d-0a1b2c3d4e5f",
    "createdAt": "2026-03-01T10:00:00.000Z",
    "expiresAt": "2026-03-01T10:30:00.000Z"
  }
}`;

export const EXCHANGE_RATE_REQUEST = `GET {{BASE_URL}}/client/exchange-rates?from=EUR&to=BTC&amount=1000
Authorization: Bearer <token>`;

export const WEBHOOK_TRADITIONAL = `{
  "type": "payment.completed",
  "transaction_id": "5b0f9a3e-8f1d-4d6e-9a51-2f3c7d9e1a20",
  "status": "completed",
  "amount": "100.00",
  "currency": "EUR",
  "order_id": "order-2001",
  "customer_email": "mario.rossi@example.com",
  "payment_method": "credit_card",
  "environment": "staging",
  "timestamp": "2026-03-01T10:01:12.000Z"
}`;

export const WEBHOOK_CRYPTO = `{
  "type": "crypto_payment.completed",
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
      orderId: 'order-2001',
      paymentMethod: 'credit_card',
      environment: 'staging',
    }),
  });
  return res.json();
}

// Verifica della firma con la libreria ufficiale Standard Webhooks (npm install standardwebhooks)
import { Webhook } from 'standardwebhooks';

function verifyWebhook(rawBody, headers, secret) {
  // Lancia un errore se la firma o il timestamp non sono validi; restituisce il payload.
  return new Webhook(secret).verify(rawBody, {
    'webhook-id': headers['webhook-id'],
    'webhook-timestamp': headers['webhook-timestamp'],
    'webhook-signature': headers['webhook-signature'],
  });
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
$payment = json_decode(curl_exec($ch), true)['payment'];
curl_close($ch);

echo $payment['cryptoAmount'] . ' ' . $payment['targetCrypto'];`;


export const WEBHOOK_HEADERS = `POST https://il-tuo-sito.example/webhooks/tallyline
Content-Type: application/json
webhook-id: msg_2f1c7d9e4b8a6c3e
webhook-timestamp: 1772359272
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`;

export const WEBHOOK_VERIFY_NODE = `// npm install standardwebhooks express
import express from 'express';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.TALLYLINE_WEBHOOK_SECRET); // whsec_...
const app = express();

// Il corpo grezzo: la firma copre i byte esatti ricevuti.
app.post('/webhooks/tallyline', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = webhook.verify(req.body.toString('utf8'), req.headers);
  } catch {
    return res.status(400).send('Invalid webhook signature');
  }
  // webhook-id è lo stesso a ogni nuovo tentativo: usalo per ignorare i duplicati.
  console.log(req.headers['webhook-id'], event.type, event.status);
  res.sendStatus(204);
});

app.listen(3000);`;

export const WEBHOOK_VERIFY_PHP = `<?php
// composer require standard-webhooks/standard-webhooks
require 'vendor/autoload.php';

use StandardWebhooks\\Webhook;

$payload = file_get_contents('php://input');
$headers = [
    'webhook-id' => $_SERVER['HTTP_WEBHOOK_ID'] ?? '',
    'webhook-timestamp' => $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] ?? '',
    'webhook-signature' => $_SERVER['HTTP_WEBHOOK_SIGNATURE'] ?? '',
];

try {
    $event = (new Webhook(getenv('TALLYLINE_WEBHOOK_SECRET')))->verify($payload, $headers);
} catch (Exception $e) {
    http_response_code(400);
    exit('Invalid webhook signature');
}

error_log($event['type'] . ' ' . $event['status']);
http_response_code(204);`;
