import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { apiBaseUrl } from '../../../components/code-block';
import { EndpointTable, H2, H3, P } from './DocParts';

const ENDPOINTS = [
  { method: 'POST' as const, path: '/api/auth/login', description: 'Accesso con email e password; restituisce un token JWT' },
  { method: 'POST' as const, path: '/api/client/payments', description: 'Crea un pagamento (carta, wallet, bonifico)' },
  { method: 'GET' as const, path: '/api/client/payments', description: 'Elenco dei tuoi pagamenti' },
  { method: 'POST' as const, path: '/api/client/crypto-payments', description: 'Crea un pagamento crypto (BTC, ETH, USDT)' },
  { method: 'GET' as const, path: '/api/client/crypto-payments', description: 'Elenco dei pagamenti crypto' },
  { method: 'GET' as const, path: '/api/client/exchange-rates', description: 'Tasso di cambio (parametri from, to, amount)' },
  { method: 'GET' as const, path: '/api/client/currencies', description: 'Valute fiat e crypto supportate' },
  { method: 'GET' as const, path: '/api/client/stats', description: 'Statistiche: ricavi, transazioni, tasso di successo' },
];

export function OverviewTab() {
  const base = apiBaseUrl();
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
      <H3>Endpoint</H3>
      <EndpointTable label="Endpoint principali" rows={ENDPOINTS} />
      <P>Le notifiche webhook vengono inviate a ogni cambio di stato di un pagamento (vedi la scheda Webhooks).</P>
    </Box>
  );
}
