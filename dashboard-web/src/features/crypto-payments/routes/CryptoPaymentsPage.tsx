import { lazy, Suspense } from 'react';
import { Alert, Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { PageHeader } from '../../../components/page';
import { useCurrentMerchant } from '../../../lib/session';

/** The form and the history: for a signed-in merchant only, so a visitor's first view does not download them. */
const CryptoWorkspace = lazy(() => import('../components/CryptoWorkspace'));

const TITLE = 'Pagamenti Crypto';
const SUBTITLE = 'Crea pagamenti da valuta fiat a crypto (BTC, ETH, USDT) e consulta lo storico.';

/** The merchant's fiat-to-crypto payments (spec §2, in Italian). */
export default function CryptoPaymentsPage() {
  const { user, merchant, isLoading } = useCurrentMerchant();

  if (isLoading) {
    return (
      <>
        <PageHeader title={TITLE} subtitle={SUBTITLE} />
        <Container sx={{ py: 4 }}>
          <Typography role="status">Caricamento...</Typography>
        </Container>
      </>
    );
  }

  if (!user || !merchant) {
    return (
      <>
        <PageHeader title={TITLE} subtitle={SUBTITLE} />
        <Container sx={{ py: 4 }}>
          {user ? (
            <Alert severity="warning">Merchant account not found. Please contact support.</Alert>
          ) : (
            <Alert severity="info" action={<Button component={RouterLink} to="/login" color="inherit">Accedi</Button>}>
              Accedi con il tuo account merchant per creare e vedere i pagamenti crypto.
            </Alert>
          )}
        </Container>
      </>
    );
  }

  return (
    <>
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      <Suspense fallback={<Container sx={{ py: 4 }}><Typography role="status">Caricamento...</Typography></Container>}>
        <CryptoWorkspace />
      </Suspense>
    </>
  );
}
