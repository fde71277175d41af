import { Alert, Box } from '@mui/material';
import { AUTH_HEADER, LOGIN_REQUEST, LOGIN_RESPONSE } from '../api-docs-samples';
import { ItCodeBlock } from './ItCodeBlock';
import { H2, H3, P } from './DocParts';

export function AuthTab() {
  return (
    <Box>
      <H2>Autenticazione</H2>
      <P>
        Tutti gli endpoint dell&apos;API richiedono un token bearer nell&apos;intestazione Authorization. Il token JWT si
        ottiene accedendo con email e password.
      </P>
      <H3>1. Ottieni il token</H3>
      <ItCodeBlock title="Richiesta" code={LOGIN_REQUEST} />
      <ItCodeBlock title="Risposta" code={LOGIN_RESPONSE} />
      <H3>2. Invia il token a ogni richiesta</H3>
      <ItCodeBlock title="Intestazione" code={AUTH_HEADER} />
      <P>
        Per le integrazioni server-to-server puoi usare al posto del JWT la tua chiave API segreta: sk_test_… agisce in
        staging, sk_live_… in produzione.
      </P>
      <Alert severity="warning">
        Non inserire mai token o chiavi segrete nel codice eseguito nel browser o nelle app mobili. Una richiesta senza
        credenziali valide riceve 401.
      </Alert>
    </Box>
  );
}
