import type { Guide } from '../guide-types';

export const PAYMENT_INTEGRATION: Guide = {
  id: 'payment-integration',
  title: 'Payment Integration',
  description: 'Tokenise cards in the browser and charge them from your server.',
  difficulty: 'Intermediate',
  duration: 30,
  icon: 'payment',
  category: 'Payments',
  body: [
    {
      kind: 'paragraph',
      text: "Card numbers never reach your server. The customer's browser turns the card into a token; your server sends the token with the amount to our gateway partner and reads the result code.",
    },
    { kind: 'heading', text: 'Rules for every request' },
    {
      kind: 'list',
      items: [
        'Currency is a 3-letter ISO code, such as GBP or EUR.',
        'Amounts are in the smallest currency unit: 1250 means 12.50, and 100 means 1.00 GBP.',
        'RequestType 0 is a sale, 1 a completion and 2 a refund.',
      ],
    },
    { kind: 'heading', text: 'Charge a token' },
    {
      kind: 'paragraph',
      text: 'Your private merchant key and the gateway base URL for each environment are in your dashboard under Settings › Integration. Keep both in environment variables.',
    },
    {
      kind: 'code',
      title: 'Node.js: PayWithToken',
      code: `const response = await fetch(\`\${process.env.GATEWAY_BASE_URL}/PayWithToken\`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({
    PrivateMerchantKey: process.env.PRIVATE_MERCHANT_KEY,
    RequestType: 0, // sale
    Token: token, // from the browser
    Request: {
      Transaction: {
        Amount: 100, // minor units: 100 = 1.00 GBP
        Currency: 'GBP',
        IPNURL: 'https://shop.example.com/ipn',
      },
      References: { Merchant: 'order-1001' },
    },
  }),
});
const result = await response.json();
if (result.Result.Code === 0) {
  console.log('Approved', result.Transaction.Id);
} else {
  console.log('Not approved:', result.Result.Message);
}`,
    },
    { kind: 'heading', text: 'Result codes' },
    {
      kind: 'table',
      caption: 'Result.Code values in a payment response',
      columns: ['Code', 'Meaning', 'Message'],
      rows: [
        ['0', 'Success', 'Approved'],
        ['1', 'Declined', 'Payment declined'],
        ['2', 'Invalid card details', 'Invalid card details'],
        ['3', 'Insufficient funds', 'Insufficient funds'],
        ['7', '3D Secure required (Async.RedirectUrl is set)', '3D Secure authentication required'],
        ['other', 'Unexpected', 'Unknown error'],
      ],
    },
    {
      kind: 'note',
      severity: 'warning',
      text: 'The IPN guide reads codes 2 and 3 differently (refunded and voided) because IPNs also report later changes to a transaction. Always read the code together with the message and the transaction status.',
    },
    {
      kind: 'paragraph',
      text: 'If the gateway cannot be reached, treat the payment as not completed, show "System error occurred" to the customer and retry later with the same merchant reference.',
    },
  ],
};
