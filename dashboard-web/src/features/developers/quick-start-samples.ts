/**
 * Quick Start samples. `{{BASE_URL}}` becomes this deployment's API root when shown. The browser
 * sample tokenises the card so card numbers never reach the merchant's server; the server samples
 * create the payment with the secret key and send the customer to the returned redirectUrl.
 */
export const QUICK_START_LANGUAGES = ['javascript', 'nodejs', 'php', 'python'] as const;
export type QuickStartLanguage = (typeof QUICK_START_LANGUAGES)[number];

export const LANGUAGE_LABELS: Record<QuickStartLanguage, string> = {
  javascript: 'JavaScript',
  nodejs: 'Node.js',
  php: 'PHP',
  python: 'Python',
};

export const EXAMPLE_PAYMENT_BODY = `{
  "amount": 2500,
  "currency": "GBP",
  "customerEmail": "ada@example.com",
  "customerName": "Ada Lovelace",
  "orderId": "order-1001",
  "paymentMethod": "credit_card",
  "returnUrl": "https://shop.example.com/checkout/complete",
  "environment": "staging"
}`;

export const QUICK_START_SAMPLES: Record<QuickStartLanguage, string> = {
  javascript: `// In the browser: tokenise the card with the gateway's hosted card fields,
// then send only the token to your own backend.
const button = document.querySelector('#pay-button');

button.addEventListener('click', async () => {
  button.disabled = true;
  const { token, error } = await cardFields.tokenize();
  if (error) {
    alert('Payment failed. Please try again.');
    button.disabled = false;
    return;
  }

  const response = await fetch('/api/process-payment', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, amount: 2500, currency: 'GBP' }),
  });
  const { success, message, transactionId } = await response.json();
  if (success) {
    window.location.href = \`/thank-you?transaction=\${transactionId}\`;
  } else {
    alert(message);
    button.disabled = false;
  }
});`,
  nodejs: `// Node.js 20+ with Express: create the payment from your server.
import express from 'express';

const app = express();
app.use(express.json());

app.post('/checkout', async (req, res) => {
  try {
    const response = await fetch('{{BASE_URL}}/client/payments', {
      method: 'POST',
      headers: {
        Authorization: \`Bearer \${process.env.TALLYLINE_SECRET_KEY}\`, // sk_test_... or sk_live_...
        'Content-Type': 'application/json',
        'Idempotency-Key': req.body.orderId,
      },
      body: JSON.stringify({
        amount: 2500,
        currency: 'GBP',
        customerEmail: req.body.email,
        customerName: req.body.name,
        orderId: req.body.orderId,
        paymentMethod: 'credit_card',
        returnUrl: 'https://shop.example.com/checkout/complete',
        environment: 'staging',
      }),
    });
    const { success, redirectUrl } = await response.json();
    if (success && redirectUrl) return res.redirect(303, redirectUrl);
    res.status(402).json({ success: false, message: 'Payment failed. Please try again.' });
  } catch (error) {
    console.error(error);
    res.status(500).json({ success: false, message: 'Internal server error' });
  }
});

app.listen(3001);`,
  php: `<?php
// PHP 8 with cURL: create the payment from your server.
$payload = [
    'amount' => 2500,
    'currency' => 'GBP',
    'customerEmail' => 'ada@example.com',
    'customerName' => 'Ada Lovelace',
    'orderId' => 'order-1001',
    'paymentMethod' => 'credit_card',
    'returnUrl' => 'https://shop.example.com/checkout/complete',
    'environment' => 'staging',
];

$ch = curl_init('{{BASE_URL}}/client/payments');
curl_setopt_array($ch, [
    CURLOPT_POST => true,
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_HTTPHEADER => [
        'Authorization: Bearer ' . getenv('TALLYLINE_SECRET_KEY'),
        'Content-Type: application/json',
        'Idempotency-Key: ' . $payload['orderId'],
    ],
    CURLOPT_POSTFIELDS => json_encode($payload),
]);
$result = json_decode(curl_exec($ch), true);
curl_close($ch);

if (!empty($result['success']) && !empty($result['redirectUrl'])) {
    header('Location: ' . $result['redirectUrl'], true, 303);
    exit;
}
http_response_code(402);
echo 'Payment failed. Please try again.';`,
  python: `# Python 3 with requests: create the payment from your server.
import os
import requests

payload = {
    "amount": 2500,
    "currency": "GBP",
    "customerEmail": "ada@example.com",
    "customerName": "Ada Lovelace",
    "orderId": "order-1001",
    "paymentMethod": "credit_card",
    "returnUrl": "https://shop.example.com/checkout/complete",
    "environment": "staging",
}

response = requests.post(
    "{{BASE_URL}}/client/payments",
    json=payload,
    headers={
        "Authorization": f"Bearer {os.environ['TALLYLINE_SECRET_KEY']}",
        "Idempotency-Key": payload["orderId"],
    },
    timeout=30,
)
result = response.json()

if result.get("success") and result.get("redirectUrl"):
    print("Send the customer to", result["redirectUrl"])
else:
    print("Payment failed. Please try again.")`,
};

/**
 * The official stripe-node library pointed at this server (the placeholders become this deployment's
 * host, port and protocol): every call below is a /v1 route Tallyline serves.
 */
export const STRIPE_NODE_SAMPLE = `// npm install stripe
import Stripe from 'stripe';

const stripe = new Stripe(process.env.TALLYLINE_SECRET_KEY, { // sk_test_… (staging) or sk_live_…
  host: '{{STRIPE_HOST}}',
  port: {{STRIPE_PORT}},
  protocol: '{{STRIPE_PROTOCOL}}',
});

const intent = await stripe.paymentIntents.create(
  { amount: 2500, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true, metadata: { order: '1002' } },
  { idempotencyKey: 'order-1002' },
);
console.log(intent.id, intent.status); // pi_… succeeded

const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
console.log(refund.status); // succeeded

const { secret } = await stripe.webhookEndpoints.create({
  url: 'https://shop.example.com/stripe-webhooks',
  enabled_events: ['payment_intent.succeeded', 'charge.refunded', 'charge.dispute.created'],
});

// In your webhook handler, with the raw request body (not parsed JSON):
// const event = stripe.webhooks.constructEvent(rawBody, request.headers['stripe-signature'], secret);`;
