import { Alert, Box, Button, Container, Stack, Typography } from '@mui/material';
import { useParams } from 'wouter';
import { cryptoStatusLabel } from '../../../components/crypto-status';
import { PageHeader } from '../../../components/page';
import { useCryptoCheckout, useSimulate } from '../api/crypto-checkout-api';
import { Countdown } from '../components/Countdown';
import { PaymentQr } from '../components/PaymentQr';
import { Tag } from '../../../components/tag';

/** The hosted page of one crypto payment (/crypto-payments/{id}): what to send where, before when. */
export default function CryptoPaymentPage() {
  const { id = '' } = useParams();
  const { data: payment, error, isPending } = useCryptoCheckout(id);
  const simulate = useSimulate(id);

  if (isPending) return <PageHeader title="Pagamento crypto" subtitle="Caricamento..." />;
  if (error || !payment) return <PageHeader title="Pagamento crypto" subtitle="Pagamento non trovato" />;

  const status = cryptoStatusLabel(payment.status);
  return (
    <>
      <PageHeader title="Pagamento crypto" subtitle={`Ordine ${payment.orderId}`} />
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: 'flex-start' }}>
          {/* Only while the customer should still send: a code scanned after that would pay twice. */}
          {payment.status === 'pending' && <PaymentQr uri={payment.paymentUri} />}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Box role="status" aria-live="polite" sx={{ mb: 2 }}>
              Stato: <Tag label={status.label} color={status.color} data-testid="crypto-status" />
            </Box>
            <Typography variant="h2" sx={{ fontSize: 28, fontWeight: 800 }} data-testid="crypto-amount">
              {payment.cryptoAmount} {payment.targetCrypto}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {payment.amount} {payment.currency} al tasso 1 {payment.targetCrypto} = {Number(payment.exchangeRate).toFixed(2)} {payment.currency}
            </Typography>
            <Typography variant="subtitle2">Indirizzo di pagamento</Typography>
            <Typography data-testid="crypto-address" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mb: 2 }}>
              {payment.address}
            </Typography>
            {payment.status === 'pending' && (
              <>
                <Typography variant="subtitle2">Scade tra</Typography>
                <Countdown until={payment.expiresAt} />
              </>
            )}
            {payment.blockchainTxHash && (
              <Typography sx={{ mt: 2, wordBreak: 'break-all' }}>
                Transazione: <span data-testid="crypto-tx">{payment.blockchainTxHash}</span> ({payment.confirmations ?? 0} conferme)
              </Typography>
            )}
            {payment.environment === 'staging' && (payment.status === 'pending' || payment.status === 'processing') && (
              <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
                <Button variant="contained" color="success" disabled={simulate.isPending} onClick={() => simulate.mutate('confirm')}>
                  Simula conferma
                </Button>
                <Button variant="outlined" color="error" disabled={simulate.isPending} onClick={() => simulate.mutate('fail')}>
                  Simula errore
                </Button>
              </Stack>
            )}
            {simulate.error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {simulate.error.message}
              </Alert>
            )}
          </Box>
        </Stack>
      </Container>
    </>
  );
}
