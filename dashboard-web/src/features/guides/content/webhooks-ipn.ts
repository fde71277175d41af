import type { Guide } from '../guide-types';

export const WEBHOOKS_IPN: Guide = {
  id: 'webhooks-ipn',
  title: 'Webhooks & IPN',
  description: 'Receive payment notifications and verify them before you trust them.',
  difficulty: 'Intermediate',
  duration: 25,
  icon: 'webhook',
  category: 'Webhooks',
  body: [
    {
      kind: 'paragraph',
      text: 'An IPN (instant payment notification) is a server-to-server message sent to the IPNURL of a payment whenever its status changes. It lets you update orders even if the customer closes the browser.',
    },
    { kind: 'heading', text: 'Fields in an IPN' },
    {
      kind: 'table',
      caption: 'IPN fields',
      columns: ['Field', 'Meaning'],
      rows: [
        ['TransactionId', 'The gateway transaction id'],
        ['Result_Code', 'The result code (see below)'],
        ['Result_Message', 'A readable description of the result'],
        ['Transaction_Amount', 'Amount in minor units'],
        ['Transaction_Currency', '3-letter ISO currency'],
        ['Card_LastFourDigits', 'Last four digits of the card'],
        ['Card_ApplicationProfile', 'Card scheme profile'],
        ['References_Merchant', 'Your own order reference'],
        ['Result_TimeStamp', 'When the result was produced'],
      ],
    },
    {
      kind: 'table',
      caption: 'Result codes in an IPN',
      columns: ['Code', 'Meaning'],
      rows: [
        ['0', 'Success'],
        ['1', 'Declined'],
        ['2', 'Refunded'],
        ['3', 'Voided'],
        ['7', 'Pending (3D Secure)'],
      ],
    },
    {
      kind: 'note',
      severity: 'info',
      text: 'The Payment Integration guide reads codes 2 and 3 in a payment response as invalid card details and insufficient funds. Both readings stand; check the message and the transaction status.',
    },
    { kind: 'heading', text: 'Verify, then act' },
    {
      kind: 'paragraph',
      text: 'An IPN must be verified through a transaction check before it is trusted: call CheckTransaction with the TransactionId and use the status it returns, not the one in the notification.',
    },
    {
      kind: 'code',
      title: 'Node.js (Express): IPN handler',
      code: `app.post('/ipn', express.urlencoded({ extended: false }), async (req, res) => {
  try {
    const check = await gateway('CheckTransaction', {
      PrivateMerchantKey: process.env.PRIVATE_MERCHANT_KEY,
      TransactionId: req.body.TransactionId,
    });
    if (!check || check.Transaction.Id !== req.body.TransactionId) {
      return res.status(400).send('Invalid IPN');
    }
    await orders.updateStatus(req.body.References_Merchant, check.Status);
    res.status(200).send('IPN processed');
  } catch (error) {
    console.error(error);
    res.status(500).send('Internal server error');
  }
});`,
    },
    {
      kind: 'list',
      items: [
        '200 IPN processed: the notification was verified and applied.',
        '400 Invalid IPN: verification failed; the notification is ignored.',
        '500: something failed on your side; the IPN is sent again later.',
        'Handlers must be idempotent: the same IPN can arrive more than once.',
      ],
    },
    { kind: 'heading', text: 'Tallyline webhooks' },
    {
      kind: 'paragraph',
      text: 'If you use the Tallyline API rather than the gateway directly, Tallyline sends its own signed webhooks to your endpoint. Verify the signature over the raw request body; a mismatch must be rejected with "Invalid webhook signature".',
    },
  ],
};
