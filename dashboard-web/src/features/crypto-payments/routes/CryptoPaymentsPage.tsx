import { Alert, Box, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import type { Environment } from '@tallyline/contracts';
import { Link as RouterLink, useSearchParams } from 'wouter';
import { PageHeader } from '../../../components/page';
import { NativeSelectField } from '../../../components/text-input/NativeSelectField';
import { useCurrentMerchant } from '../../../lib/session';
import { useCryptoHistory, useCurrencies } from '../api/crypto-payments-api';
import { CryptoHistory } from '../components/CryptoHistory';
import { CryptoPaymentForm } from '../components/CryptoPaymentForm';
import { ENVIRONMENT_LABELS, FALLBACK_CRYPTOS, FALLBACK_FIATS } from '../crypto-labels';

const TITLE = 'Pagamenti Crypto';
const SUBTITLE = 'Crea pagamenti da valuta fiat a crypto (BTC, ETH, USDT) e consulta lo storico.';

/**
 * The merchant's fiat-to-crypto payments (spec §2, in Italian). Environment and currencies are in the
 * URL (?environment=&currency=&crypto=), so a reload or a shared link shows the same choice.
 */
export default function CryptoPaymentsPage() {
  const { user, merchant, isLoading } = useCurrentMerchant();
  const [params, setParams] = useSearchParams();
  // Spec §9: staging unless the URL says production.
  const environment: Environment = params.get('environment') === 'production' ? 'production' : 'staging';
  const signedIn = Boolean(merchant);
  const currencies = useCurrencies(environment, signedIn);
  const history = useCryptoHistory(environment, signedIn);

  const fiats = currencies.data?.fiatCurrencies.map(({ code }) => code) ?? FALLBACK_FIATS;
  const cryptos = currencies.data?.cryptoCurrencies.map(({ code }) => code) ?? FALLBACK_CRYPTOS;
  const fiat = fiats.find((code) => code === params.get('currency')) ?? (fiats.includes('EUR') ? 'EUR' : (fiats[0] ?? 'EUR'));
  const crypto = cryptos.find((code) => code === params.get('crypto')) ?? (cryptos.includes('BTC') ? 'BTC' : (cryptos[0] ?? 'BTC'));

  const choose = (name: string, value: string, byDefault: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === byDefault) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

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
      <Container sx={{ py: { xs: 3, md: 5 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
          <NativeSelectField
            id="crypto-environment"
            label="Ambiente"
            value={environment}
            onChange={(event) => choose('environment', event.target.value, 'staging')}
            sx={{ minWidth: 200 }}
          >
            {(['staging', 'production'] as const).map((value) => (
              <option key={value} value={value}>{ENVIRONMENT_LABELS[value]}</option>
            ))}
          </NativeSelectField>
          {currencies.isError && <Alert severity="error">Failed to fetch currencies</Alert>}
        </Stack>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' }, alignItems: 'start' }}>
          <Card variant="outlined">
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
                Nuovo pagamento crypto
              </Typography>
              <CryptoPaymentForm
                environment={environment}
                fiat={fiat}
                crypto={crypto}
                fiats={fiats}
                cryptos={cryptos}
                onFiatChange={(value) => choose('currency', value, 'EUR')}
                onCryptoChange={(value) => choose('crypto', value, 'BTC')}
              />
            </CardContent>
          </Card>
          <Box component="section" aria-labelledby="crypto-history-title">
            <Typography id="crypto-history-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
              Storico transazioni ({ENVIRONMENT_LABELS[environment]})
            </Typography>
            <CryptoHistory payments={history.data?.cryptoTransactions} isPending={history.isPending} isError={history.isError} />
          </Box>
        </Box>
      </Container>
    </>
  );
}
