import type { Guide } from '../guide-types';

export const THREE_D_SECURE: Guide = {
  id: '3d-secure',
  title: '3D Secure',
  description: 'Handle card authentication challenges and confirm the outcome safely.',
  difficulty: 'Advanced',
  duration: 45,
  icon: 'shield',
  category: 'Security',
  body: [
    {
      kind: 'paragraph',
      text: "3D Secure asks the cardholder to confirm a payment with their bank. When a card needs it, the payment is not finished until the customer has completed the bank's challenge.",
    },
    { kind: 'heading', text: 'The flow' },
    {
      kind: 'list',
      ordered: true,
      items: [
        'Send the payment with End3DSHostPostbackURL set to a page on your site.',
        'A result code of 7 means authentication is required; the response carries Async.RedirectUrl.',
        "Redirect the customer's browser to that URL.",
        'The bank posts the customer back to your End3DSHostPostbackURL.',
        'From your server, call CheckTransaction with the TransactionId and read the final status.',
        'Only then show the confirmation page and fulfil the order.',
      ],
    },
    {
      kind: 'code',
      title: 'Node.js: start and finish a 3D Secure payment',
      code: `const payment = await gateway('PayWithToken', {
  PrivateMerchantKey: process.env.PRIVATE_MERCHANT_KEY,
  RequestType: 0,
  Token: token,
  Request: { Transaction: { Amount: 4999, Currency: 'GBP' }, References: { Merchant: orderId } },
  End3DSHostPostbackURL: 'https://shop.example.com/3ds/return',
});

if (payment.Result.Code === 7) {
  // Authentication required: send the customer to their bank
  return res.redirect(payment.Async.RedirectUrl);
}

// Later, on https://shop.example.com/3ds/return
const check = await gateway('CheckTransaction', {
  PrivateMerchantKey: process.env.PRIVATE_MERCHANT_KEY,
  TransactionId: payment.Transaction.Id,
});
const approved = check.Result.Code === 0;`,
    },
    {
      kind: 'note',
      severity: 'warning',
      text: 'Never trust the browser coming back to your return page as proof of payment: anyone can open that URL. The server-side CheckTransaction call is the proof.',
    },
    { kind: 'heading', text: 'Testing' },
    {
      kind: 'paragraph',
      text: 'In staging, card 4000000000003220 always asks for 3-D Secure (code 7) and returns a redirect URL.',
    },
  ],
};
