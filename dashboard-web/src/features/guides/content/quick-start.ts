import type { Guide } from '../guide-types';

export const QUICK_START: Guide = {
  id: 'quick-start',
  title: 'Quick Start',
  description: 'Get your test API key and create your first payment.',
  difficulty: 'Beginner',
  duration: 15,
  icon: 'rocket',
  category: 'Getting Started',
  body: [
    { kind: 'paragraph', text: 'This guide takes you from a new account to a first test payment through the Tallyline API.' },
    { kind: 'heading', text: '1. Apply and sign in' },
    {
      kind: 'paragraph',
      text: 'Apply as a merchant. Applications are reviewed in 24-48 hours (3-5 business days for complex or high-risk ones). You can start building in staging straight away.',
    },
    { kind: 'heading', text: '2. Get your test key' },
    {
      kind: 'paragraph',
      text: 'Your dashboard settings show one secret key per environment: sk_test_… for staging and sk_live_… for production. Keep secret keys on your server; never put them in a browser or mobile app.',
    },
    { kind: 'heading', text: '3. Create a payment' },
    {
      kind: 'code',
      title: 'cURL',
      code: `curl -X POST {{BASE_URL}}/client/payments \\
  -H "Authorization: Bearer $TALLYLINE_SECRET_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: order-1001" \\
  -d '{
    "amount": 2500,
    "currency": "GBP",
    "customerEmail": "ada@example.com",
    "customerName": "Ada Lovelace",
    "orderId": "order-1001",
    "paymentMethod": "credit_card",
    "returnUrl": "https://shop.example.com/checkout/complete",
    "environment": "staging"
  }'`,
    },
    {
      kind: 'paragraph',
      text: 'Sending the same Idempotency-Key again returns the first result instead of creating a second payment, so retries after a timeout are safe.',
    },
    { kind: 'heading', text: '4. Follow the result' },
    {
      kind: 'list',
      items: [
        'List your payments with GET /api/client/payments.',
        'Receive webhooks when a payment changes status (see Webhooks & IPN).',
        'Test declines and 3D Secure with the test cards in Testing & Staging.',
      ],
    },
  ],
};
