import { Alert, Box } from '@mui/material';
import { PAYMENT_STATUSES, type PaymentStatus } from '@tallyline/contracts';
import { PAYMENT_REQUEST, PAYMENT_RESPONSE } from '../api-docs-samples';
import { ItCodeBlock } from './ItCodeBlock';
import { H2, H3, P } from './DocParts';
import { StatusList } from './StatusList';

/** Every status the API answers, and no other: a Record, so a status added to the contracts must be documented here. */
const STATUS_TEXTS: Record<PaymentStatus, { label: string; text: string }> = {
  pending: { label: 'In attesa', text: 'pagamento creato, in attesa del cliente; resta così mentre il circuito lo elabora' },
  requires_action: { label: 'Azione richiesta', text: "il cliente deve completare l'autenticazione 3-D Secure" },
  completed: { label: 'Completato', text: 'pagamento approvato e incassato; un rimborso parziale lo lascia completed e aumenta refundedAmount' },
  failed: { label: 'Fallito', text: 'pagamento rifiutato o non riuscito' },
  refunded: { label: 'Rimborsato', text: "l'intero importo è stato restituito al cliente" },
  canceled: { label: 'Annullato', text: 'pagamento annullato prima che qualcuno lo pagasse' },
  disputed: { label: 'Contestato', text: 'il titolare della carta ha aperto una contestazione (chargeback)' },
};
const STATUSES = PAYMENT_STATUSES.map((value) => ({ value, ...STATUS_TEXTS[value] }));

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
