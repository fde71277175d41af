import type { Guide } from '../guide-types';

const GO_LIVE_CHECKLIST = [
  'All tests pass',
  'Error handling in place',
  'IPN endpoint verified',
  '3D Secure tested',
  'Refunds tested',
  'SSL configured',
  'Production keys obtained',
  'Monitoring set up',
];

export const TESTING_STAGING: Guide = {
  id: 'testing-staging',
  title: 'Testing & Staging',
  description: 'Test cards, scenarios and the checklist before going live.',
  difficulty: 'Beginner',
  duration: 20,
  icon: 'science',
  category: 'Testing',
  body: [
    {
      kind: 'paragraph',
      text: 'Staging behaves like production but moves no money. Every outcome can be triggered with a test card, so you can prove your integration before you switch to production.' },
    { kind: 'heading', text: 'Staging setup' },
    {
      kind: 'paragraph',
      text: 'Use the staging private merchant key and the staging gateway base URL from your dashboard (Settings › Integration). Keep them in environment variables so production values never end up in test code.' },
    {
      kind: 'code',
      title: '.env.staging',
      code: `GATEWAY_BASE_URL=<staging base URL from your dashboard>
PRIVATE_MERCHANT_KEY=<staging private merchant key>
TALLYLINE_API_URL={{BASE_URL}}
TALLYLINE_SECRET_KEY=sk_test_...` },
    { kind: 'heading', text: 'Test card numbers' },
    {
      kind: 'table',
      caption: 'Staging test cards. Use any future expiry date and any 3-digit CVC.',
      columns: ['Card number', 'Brand', 'Result'],
      rows: [
        ['4111111111111111', 'Visa', 'Approved (code 0)'],
        ['5555555555554444', 'Mastercard', 'Approved (code 0)'],
        ['4000000000000002', 'Visa', 'Declined (code 1)'],
        ['4000000000000127', 'Visa', 'Invalid card details (code 2)'],
        ['4000000000009995', 'Visa', 'Insufficient funds (code 3)'],
        ['4000000000003220', 'Visa', '3-D Secure required (code 7, with a redirect URL)'],
      ] },
    { kind: 'heading', text: 'Scenario: successful payment' },
    {
      kind: 'paragraph',
      text: 'Pay 1.00 GBP (100 minor units) with 4111111111111111. Expect result code 0: approved.' },
    { kind: 'heading', text: 'Scenario: declined payment' },
    {
      kind: 'paragraph',
      text: 'Pay with 4000000000000002. Expect result code 1: declined, with the message Payment declined. Check that your checkout tells the customer and lets them try another card.' },
    { kind: 'heading', text: 'Sample test suite' },
    {
      kind: 'code',
      title: 'Node.js (node:test): payment, decline and partial refund',
      code: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gateway, tokenize } from './gateway-client.js';

const key = process.env.PRIVATE_MERCHANT_KEY;
const sale = (Token, Amount) => gateway('PayWithToken', {
  PrivateMerchantKey: key,
  RequestType: 0,
  Token,
  Request: {
    Transaction: { Amount, Currency: 'GBP' },
    References: { Merchant: \`test-\${Date.now()}\` } } });

test('approves a valid card', async () => {
  const result = await sale(await tokenize('4111111111111111'), 100);
  assert.equal(result.Result.Code, 0);
});

test('declines the decline card', async () => {
  const result = await sale(await tokenize('4000000000000002'), 100);
  assert.equal(result.Result.Code, 1);
});

test('refunds part of a payment', async () => {
  const paid = await sale(await tokenize('5555555555554444'), 1000);
  const refund = await gateway('AdjustTransaction', {
    PrivateMerchantKey: key,
    RequestType: 2, // refund
    TransactionId: paid.Transaction.Id,
    Request: { Transaction: { Amount: 400, Currency: 'GBP' } } });
  assert.equal(refund.Result.Code, 0);
});` },
    { kind: 'heading', text: '3D Secure testing' },
    {
      kind: 'paragraph',
      text: 'Pay with 4000000000003220. Result code 7 means authentication is required; the response carries a redirect URL (Async.RedirectUrl). Open it, complete the test challenge, then check the transaction status with CheckTransaction before treating the payment as approved.' },
    { kind: 'heading', text: 'Go-live checklist' },
    { kind: 'checklist', title: 'Before you switch to production', items: GO_LIVE_CHECKLIST },
  ] };
