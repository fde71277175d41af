import { Alert, Box } from '@mui/material';
import { WEBHOOK_CRYPTO, WEBHOOK_HEADERS, WEBHOOK_TRADITIONAL, WEBHOOK_VERIFY_NODE, WEBHOOK_VERIFY_PHP } from '../api-docs-samples';
import { ItCodeBlock } from './ItCodeBlock';
import { H2, H3, P } from './DocParts';

export function WebhooksTab() {
  return (
    <Box>
      <H2>Webhooks</H2>
      <P>
        A ogni cambio di stato Tallyline invia una richiesta POST in JSON a ogni URL webhook registrato con
        POST /api/webhook-endpoints per l&apos;ambiente del pagamento. Rispondi con uno stato 2xx; in caso contrario la
        notifica viene ritentata dopo 5 secondi, 5 minuti, 30 minuti, 2, 5, 10 e 10 ore.
      </P>
      <H3>Pagamento tradizionale</H3>
      <ItCodeBlock title="Payload webhook: pagamento" code={WEBHOOK_TRADITIONAL} />
      <H3>Pagamento crypto</H3>
      <ItCodeBlock title="Payload webhook: crypto" code={WEBHOOK_CRYPTO} />
      <H3>Firma</H3>
      <P>
        Le notifiche seguono la specifica Standard Webhooks: webhook-id (uguale a ogni nuovo tentativo, per riconoscere i
        duplicati), webhook-timestamp e webhook-signature, un HMAC-SHA256 di id, timestamp e corpo con il segreto whsec_…
        dell&apos;endpoint.
      </P>
      <ItCodeBlock title="Intestazioni" code={WEBHOOK_HEADERS} />
      <ItCodeBlock title="Verifica in Node.js (standardwebhooks)" code={WEBHOOK_VERIFY_NODE} />
      <ItCodeBlock title="Verifica in PHP (standard-webhooks)" code={WEBHOOK_VERIFY_PHP} />
      <Alert severity="warning">
        Verifica sempre la firma della notifica sul corpo grezzo della richiesta prima di usarla. Se la firma non
        corrisponde, rifiuta la richiesta con l&apos;errore &quot;Invalid webhook signature&quot;.
      </Alert>
    </Box>
  );
}
