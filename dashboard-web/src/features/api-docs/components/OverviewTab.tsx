import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { useApiBaseUrl } from '../../../components/code-block';
import { STRIPE_NODE_EXAMPLE } from '../overview-sample';
import { EndpointTable, H2, H3, P, type EndpointRow } from './DocParts';
import { ItCodeBlock } from './ItCodeBlock';

/** Every row is a route of this server: the browser tests compare them with its OpenAPI document. */
const PUBLIC_API: EndpointRow[] = [
  { method: 'POST', path: '/api/auth/login', description: 'Accesso con email e password; restituisce un token JWT' },
  { method: 'POST', path: '/api/payments/create', description: 'Crea un pagamento (carta, wallet, bonifico)' },
  { method: 'GET', path: '/api/payments/{id}', description: 'Dettaglio di un pagamento' },
  { method: 'GET', path: '/api/payments', description: 'Elenco dei pagamenti, dal più recente' },
  { method: 'POST', path: '/api/crypto-payments/create', description: 'Crea un pagamento crypto (BTC, ETH, USDT)' },
  { method: 'GET', path: '/api/crypto-payments/{id}', description: 'Dettaglio di un pagamento crypto' },
  { method: 'GET', path: '/api/crypto-payments', description: 'Elenco dei pagamenti crypto' },
  { method: 'GET', path: '/api/crypto-payments/exchange-rate', description: 'Tasso di cambio (parametri from, to, amount)' },
];

const CLIENT_API: EndpointRow[] = [
  { method: 'POST', path: '/api/client/payments', description: 'Crea un pagamento (come /api/payments/create)' },
  { method: 'GET', path: '/api/client/payments', description: 'Elenco dei tuoi pagamenti' },
  { method: 'GET', path: '/api/client/payments/{id}', description: 'Dettaglio di un pagamento' },
  { method: 'POST', path: '/api/client/crypto-payments', description: 'Crea un pagamento crypto' },
  { method: 'GET', path: '/api/client/crypto-payments', description: 'Elenco dei pagamenti crypto' },
  { method: 'GET', path: '/api/client/exchange-rates', description: 'Tasso di cambio (parametri from, to, amount)' },
  { method: 'GET', path: '/api/client/currencies', description: 'Valute fiat e crypto supportate' },
  { method: 'GET', path: '/api/client/stats', description: 'Statistiche: ricavi, transazioni, tasso di successo' },
  { method: 'GET', path: '/api/client/merchant', description: 'Il merchant della chiave o del token' },
  { method: 'GET', path: '/api/client/documentation', description: 'Link al documento OpenAPI' },
];

const WEBHOOK_API: EndpointRow[] = [
  { method: 'POST', path: '/api/webhook-endpoints', description: 'Registra un URL webhook; la risposta contiene il segreto whsec_…' },
  { method: 'GET', path: '/api/webhook-endpoints', description: 'Elenco degli endpoint (segreti mascherati)' },
  { method: 'PATCH', path: '/api/webhook-endpoints/{id}', description: 'Modifica URL, tipi di evento o attivazione' },
  { method: 'DELETE', path: '/api/webhook-endpoints/{id}', description: 'Elimina un endpoint' },
  { method: 'POST', path: '/api/webhook-endpoints/{id}/rotate-secret', description: 'Nuovo segreto di firma' },
  { method: 'GET', path: '/api/webhook-endpoints/{id}/deliveries', description: 'Consegne: stato, tentativi, ultima risposta' },
  { method: 'POST', path: '/api/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', description: 'Invia di nuovo una consegna' },
  { method: 'POST', path: '/api/webhook-endpoints/{id}/replay', description: 'Invia di nuovo gli eventi dal registro (parametro since)' },
];

const STRIPE_API: EndpointRow[] = [
  { method: 'POST', path: '/v1/payment_intents', description: 'Crea un PaymentIntent (compatibile con la libreria stripe)' },
  { method: 'GET', path: '/v1/payment_intents/{id}', description: 'Dettaglio di un PaymentIntent' },
  { method: 'GET', path: '/v1/payment_intents', description: 'Elenco dei PaymentIntent' },
  { method: 'POST', path: '/v1/payment_intents/{id}/confirm', description: 'Conferma con un metodo di pagamento' },
  { method: 'POST', path: '/v1/payment_intents/{id}/cancel', description: 'Annulla un PaymentIntent non pagato' },
  { method: 'POST', path: '/v1/refunds', description: 'Rimborso totale o parziale' },
  { method: 'GET', path: '/v1/refunds/{id}', description: 'Dettaglio di un rimborso' },
  { method: 'GET', path: '/v1/events', description: 'Eventi dal registro' },
  { method: 'GET', path: '/v1/events/{id}', description: 'Dettaglio di un evento' },
  { method: 'POST', path: '/v1/webhook_endpoints', description: 'Registra un endpoint (url, enabled_events); solo questa risposta mostra il segreto whsec_…' },
  { method: 'GET', path: '/v1/webhook_endpoints', description: 'Elenco degli endpoint' },
  { method: 'GET', path: '/v1/webhook_endpoints/{id}', description: 'Dettaglio di un endpoint' },
  { method: 'DELETE', path: '/v1/webhook_endpoints/{id}', description: 'Elimina un endpoint' },
];

/** Gli eventi Stripe inviati agli endpoint di /v1/webhook_endpoints. */
const STRIPE_EVENTS = [
  'payment_intent.created',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.canceled',
  'charge.refunded',
  'charge.dispute.created',
];

export function OverviewTab() {
  const base = useApiBaseUrl();
  return (
    <Box>
      <H2>Panoramica</H2>
      <P>
        L&apos;API Tallyline permette di creare e seguire pagamenti con carta, bonifico, wallet digitali e crypto. Tutte le
        richieste e le risposte sono in JSON; gli importi nelle risposte sono stringhe decimali (per esempio &quot;100.00&quot;).
      </P>
      <H3>URL di base</H3>
      <Grid container spacing={2}>
        {[
          { name: 'Staging', url: base, note: 'Chiavi sk_test_… oppure "environment": "staging". Nessun addebito reale.' },
          { name: 'Produzione', url: base, note: 'Chiavi sk_live_… oppure "environment": "production". Pagamenti reali.' },
        ].map((env) => (
          <Grid key={env.name} size={{ xs: 12, md: 6 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Typography component="h4" sx={{ fontWeight: 700 }}>{env.name}</Typography>
                <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all', my: 0.5 }} data-testid={`base-url-${env.name}`}>{env.url}</Typography>
                <Typography variant="body2" color="text.secondary">{env.note}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <H3>API pubblica</H3>
      <EndpointTable label="API pubblica" rows={PUBLIC_API} />
      <H3>API client</H3>
      <P>Le stesse operazioni sotto /api/client, più statistiche, valute e il merchant della chiave.</P>
      <EndpointTable label="API client" rows={CLIENT_API} />
      <H3>Endpoint webhook</H3>
      <EndpointTable label="Endpoint webhook" rows={WEBHOOK_API} />
      <H3>API compatibile con Stripe</H3>
      <P>
        Solo chiavi segrete (sk_test_… / sk_live_…), alla radice del server e non sotto /api: la libreria ufficiale stripe
        funziona cambiando host e porta.
      </P>
      <EndpointTable label="API compatibile con Stripe" rows={STRIPE_API} />
      <P>
        Eventi inviati agli endpoint registrati con POST /v1/webhook_endpoints, come oggetti event di Stripe firmati con
        Stripe-Signature (verifica con stripe.webhooks.constructEvent): {STRIPE_EVENTS.join(', ')}. Tallyline non gestisce
        fatture: invoice.payment_succeeded non viene mai inviato.
      </P>
      <P>
        Metodi di pagamento di prova: pm_card_visa, pm_card_mastercard (approvati), pm_card_chargeDeclined,
        pm_card_chargeDeclinedInsufficientFunds (rifiutati), pm_card_authenticationRequired (3-D Secure),
        pm_card_createDispute (approvato, poi contestato).
      </P>
      <ItCodeBlock title="Node.js (stripe)" code={STRIPE_NODE_EXAMPLE} />
      <P>Le notifiche webhook vengono inviate a ogni cambio di stato di un pagamento (vedi la scheda Webhooks).</P>
    </Box>
  );
}
