/**
 * The one sample of the Overview tab, apart from the other tabs' (api-docs-samples.ts) so that the page, which
 * opens on Overview, does not download the others: they load with their tabs (components/panels.ts).
 */

/** La libreria ufficiale stripe-node puntata su questo server (host, porta e protocollo di questo deployment). */
export const STRIPE_NODE_EXAMPLE = `// npm install stripe
import Stripe from 'stripe';

const stripe = new Stripe(process.env.TALLYLINE_SECRET_KEY, { // sk_test_... (staging) o sk_live_...
  host: '{{STRIPE_HOST}}',
  port: {{STRIPE_PORT}},
  protocol: '{{STRIPE_PROTOCOL}}',
});

const intent = await stripe.paymentIntents.create(
  { amount: 2500, currency: 'eur', payment_method: 'pm_card_visa', confirm: true },
  { idempotencyKey: 'ordine-1001' },
);
console.log(intent.id, intent.status); // pi_... succeeded

await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });

const { secret } = await stripe.webhookEndpoints.create({
  url: 'https://il-tuo-sito.example/webhooks/stripe',
  enabled_events: ['payment_intent.succeeded', 'charge.refunded', 'charge.dispute.created'],
});

// Nel gestore del webhook, sul corpo grezzo della richiesta:
// const event = stripe.webhooks.constructEvent(rawBody, req.headers['stripe-signature'], secret);`;
