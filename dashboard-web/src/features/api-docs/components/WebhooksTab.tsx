import { Alert, Box } from '@mui/material';
import { WEBHOOK_CRYPTO, WEBHOOK_TRADITIONAL } from '../api-docs-samples';
import { ItCodeBlock } from './ItCodeBlock';
import { H2, H3, P } from './DocParts';

export function WebhooksTab() {
  return (
    <Box>
      <H2>Webhooks</H2>
      <P>
        A ogni cambio di stato Tallyline invia una richiesta POST in JSON all&apos;URL webhook che hai configurato.
        Rispondi con uno stato 2xx; in caso contrario la notifica viene ritentata.
      </P>
      <H3>Pagamento tradizionale</H3>
      <ItCodeBlock title="Payload webhook: pagamento" code={WEBHOOK_TRADITIONAL} />
      <H3>Pagamento crypto</H3>
      <ItCodeBlock title="Payload webhook: crypto" code={WEBHOOK_CRYPTO} />
      <Alert severity="warning">
        Verifica sempre la firma della notifica sul corpo grezzo della richiesta prima di usarla. Se la firma non
        corrisponde, rifiuta la richiesta con l&apos;errore &quot;Invalid webhook signature&quot;.
      </Alert>
    </Box>
  );
}
