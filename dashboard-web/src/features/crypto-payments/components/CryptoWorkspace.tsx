import { Alert, Box, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import type { Environment } from '@tallyline/contracts';
import { useSearchParams } from 'wouter';
import { NativeSelectField } from '../../../components/text-input/NativeSelectField';
import { useCryptoHistory, useCurrencies } from '../api/crypto-payments-api';
import { ENVIRONMENT_LABELS, FALLBACK_CRYPTOS, FALLBACK_FIATS } from '../crypto-labels';
import { CryptoHistory } from './CryptoHistory';
import { CryptoPaymentForm } from './CryptoPaymentForm';

/**
 * A signed-in merchant's crypto page: the new-payment form and the history. Environment and currencies are
 * in the URL (?environment=&currency=&crypto=), so a reload or a shared link shows the same choice.
 */
export default function CryptoWorkspace() {
  const [params, setParams] = useSearchParams();
  // Spec §9: staging unless the URL says production.
  const environment: Environment = params.get('environment') === 'production' ? 'production' : 'staging';
  const currencies = useCurrencies(environment, true);
  const history = useCryptoHistory(environment, true);

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

  return (
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
  );
}
