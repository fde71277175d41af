import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { CryptoPayment } from '@tallyline/contracts';
import { cryptoStatusLabel } from '../../../components/crypto-status';

const dateFormat = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short' });

interface CryptoHistoryProps {
  payments: CryptoPayment[] | undefined;
  isPending: boolean;
  isError: boolean;
}

/** Spec §2: the latest crypto payments of the chosen environment; pending ones open their detail page. */
export function CryptoHistory({ payments, isPending, isError }: CryptoHistoryProps) {
  if (isError) return <Alert severity="error">Failed to fetch transactions</Alert>;
  if (isPending) return <Typography role="status" color="text.secondary">Caricamento...</Typography>;
  if (!payments?.length) return <Typography color="text.secondary" data-testid="crypto-history-empty">Nessuna transazione crypto trovata</Typography>;

  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="crypto-history">
      {payments.map((payment) => {
        const status = cryptoStatusLabel(payment.status);
        return (
          <Box component="li" key={payment.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, bgcolor: 'background.paper' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography sx={{ fontWeight: 700, wordBreak: 'break-all' }}>{payment.orderId}</Typography>
              <Chip size="small" label={status.label} color={status.color} />
            </Stack>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.25, fontSize: 14 }}>
              <Typography component="dt" variant="body2" color="text.secondary">Importo</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>{payment.fiatAmount} {payment.fiatCurrency}</Typography>
              <Typography component="dt" variant="body2" color="text.secondary">Crypto</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>{payment.cryptoAmount} {payment.cryptoCurrency}</Typography>
              <Typography component="dt" variant="body2" color="text.secondary">Cliente</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>{payment.customerName || payment.customerEmail}</Typography>
              <Typography component="dt" variant="body2" color="text.secondary">Tasso</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>{Number(payment.exchangeRate).toFixed(2)}</Typography>
              <Typography component="dt" variant="body2" color="text.secondary">Creato</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>{dateFormat.format(new Date(payment.createdAt))}</Typography>
            </Box>
            {payment.status === 'pending' && (
              <Button
                size="small"
                variant="outlined"
                href={`/crypto-payments/${encodeURIComponent(payment.id)}`}
                target="_blank"
                rel="noopener"
                endIcon={<OpenInNew fontSize="small" />}
                aria-label={`Dettagli ${payment.orderId} (si apre in una nuova scheda)`}
                sx={{ mt: 1.5 }}
              >
                Dettagli
              </Button>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
