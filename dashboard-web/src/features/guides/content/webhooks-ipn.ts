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
      text: 'If you use the Tallyline API rather than the gateway directly, Tallyline sends its own signed webhooks to every endpoint you register with POST /api/webhook-endpoints. They follow the Standard Webhooks specification: webhook-id (the same on every retry, so you can drop duplicates), webhook-timestamp and webhook-signature, an HMAC-SHA256 of the three with your endpoint\'s whsec_ secret. Verify the signature over the raw request body with the standardwebhooks library; a mismatch must be rejected with "Invalid webhook signature".',
    },
    {
      kind: 'code',
      title: 'Node.js (npm install standardwebhooks express)',
      code: `import express from 'express';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.TALLYLINE_WEBHOOK_SECRET); // whsec_...
const app = express();

app.post('/webhooks/tallyline', express.raw({ type: 'application/json' }), async (req, res) => {
  let event;
  try {
    event = webhook.verify(req.body.toString('utf8'), req.headers);
  } catch {
    return res.status(400).send('Invalid webhook signature');
  }
  if (await orders.seenWebhook(req.headers['webhook-id'])) return res.sendStatus(204);
  if (event.type === 'payment.completed') await orders.markPaid(event.order_id, event.transaction_id);
  res.sendStatus(204);
});`,
    },
    {
      kind: 'code',
      title: 'PHP (composer require standard-webhooks/standard-webhooks)',
      code: `<?php
require 'vendor/autoload.php';

use StandardWebhooks\\Webhook;

$headers = [
    'webhook-id' => $_SERVER['HTTP_WEBHOOK_ID'] ?? '',
    'webhook-timestamp' => $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] ?? '',
    'webhook-signature' => $_SERVER['HTTP_WEBHOOK_SIGNATURE'] ?? '',
];
try {
    $event = (new Webhook(getenv('TALLYLINE_WEBHOOK_SECRET')))->verify(file_get_contents('php://input'), $headers);
} catch (Exception $e) {
    http_response_code(400);
    exit('Invalid webhook signature');
}
if ($event['type'] === 'payment.completed') {
    mark_order_paid($event['order_id'], $event['transaction_id']);
}
http_response_code(204);`,
    },
  ],
};
