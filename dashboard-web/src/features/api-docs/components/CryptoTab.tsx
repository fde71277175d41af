import { Box, Stack } from '@mui/material';
import { CRYPTO_REQUEST, CRYPTO_RESPONSE, EXCHANGE_RATE_REQUEST } from '../api-docs-samples';
import { ItCodeBlock } from './ItCodeBlock';
import { H2, H3, P } from './DocParts';
import { StatusList } from './StatusList';
import { Tag } from '../../../components/tag';

const CRYPTO_STATUSES = [
  { value: 'pending', label: 'In Attesa', text: 'in attesa del pagamento del cliente' },
  { value: 'processing', label: 'Elaborazione', text: 'transazione ricevuta, in attesa di conferme' },
  { value: 'completed', label: 'Completato', text: 'pagamento confermato sulla blockchain' },
  { value: 'failed', label: 'Fallito', text: 'pagamento non riuscito' },
  { value: 'expired', label: 'Scaduto', text: 'nessun pagamento entro la scadenza (circa 30 minuti)' },
];

export function CryptoTab() {
  return (
    <Box>
      <H2>Pagamenti crypto</H2>
      <P>
        Il cliente paga in criptovaluta un importo espresso in valuta fiat. Qui l&apos;importo è in unità intere: 1000
        corrisponde a 1000.00 EUR.
      </P>
      <H3>Criptovalute supportate</H3>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        {['BTC', 'ETH', 'USDT'].map((coin) => (
          <Tag key={coin} label={coin} color="primary" variant="outlined" sx={{ fontWeight: 700 }} />
        ))}
      </Stack>
      <H3>Tasso di cambio</H3>
      <ItCodeBlock title="GET /api/client/exchange-rates" code={EXCHANGE_RATE_REQUEST} />
      <H3>Richiesta</H3>
      <ItCodeBlock title="POST /api/client/crypto-payments" code={CRYPTO_REQUEST} />
      <H3>Risposta</H3>
      <ItCodeBlock title="201 Created" code={CRYPTO_RESPONSE} />
      <P>La stessa richiesta va anche a POST /api/crypto-payments/create; GET /api/crypto-payments/{'{id}'} restituisce il pagamento.</P>
      <H3>Stati</H3>
      <StatusList items={CRYPTO_STATUSES} />
    </Box>
  );
}
