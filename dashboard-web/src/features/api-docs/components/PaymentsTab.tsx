import { Alert, Box } from '@mui/material';
import { PAYMENT_REQUEST, PAYMENT_RESPONSE } from '../api-docs-samples';
import { ItCodeBlock } from './ItCodeBlock';
import { H2, H3, P } from './DocParts';
import { StatusList } from './StatusList';

const STATUSES = [
  { value: 'pending', label: 'In attesa', text: 'pagamento creato, in attesa del cliente' },
  { value: 'processing', label: 'In elaborazione', text: 'il circuito sta elaborando il pagamento' },
  { value: 'completed', label: 'Completato', text: 'pagamento approvato e incassato' },
  { value: 'failed', label: 'Fallito', text: 'pagamento rifiutato o non riuscito' },
  { value: 'cancelled', label: 'Annullato', text: 'pagamento annullato prima del completamento' },
  { value: 'refunded', label: 'Rimborsato', text: 'importo restituito al cliente' },
];

export function PaymentsTab() {
  return (
    <Box>
      <H2>Pagamenti</H2>
      <P>
        Crea un pagamento con carta, wallet digitale o bonifico. L&apos;importo della richiesta è in unità minime della
        valuta: 10000 corrisponde a 100.00 EUR.
      </P>
      <H3>Richiesta</H3>
      <ItCodeBlock title="POST /api/client/payments" code={PAYMENT_REQUEST} />
      <H3>Risposta</H3>
      <ItCodeBlock title="201 Created" code={PAYMENT_RESPONSE} />
      <Alert severity="info" sx={{ mb: 2 }}>
        Con la stessa intestazione Idempotency-Key una richiesta ripetuta restituisce il primo risultato e non crea un
        secondo pagamento.
      </Alert>
      <H3>Stati del pagamento</H3>
      <StatusList items={STATUSES} />
    </Box>
  );
}
