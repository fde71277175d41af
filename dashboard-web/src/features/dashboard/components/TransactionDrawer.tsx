import { Alert, Box, Drawer, IconButton, Skeleton, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { errorMessage } from '../../../lib/api';
import { usePayment } from '../api/dashboard-api';
import { formatMoney, METHOD_LABELS } from '../format';
import { PaymentTimeline } from './PaymentTimeline';
import { StatusChip } from './StatusChip';

/** The payment behind a row (GET /api/client/payments/{id}) and its timeline; `?view=<id>` in the URL keeps it open. */
export function TransactionDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const payment = usePayment(id);
  const p = payment.data;
  const rows: [string, React.ReactNode][] = p
    ? [
        ['Status', <StatusChip key="s" status={p.status} />],
        ['Amount', formatMoney(p.amount, p.currency)],
        ['Refunded', formatMoney(p.refundedAmount, p.currency)],
        ['Method', METHOD_LABELS[p.paymentMethod]],
        ['Customer', `${p.customerName} (${p.customerEmail})`],
        ['Order ID', p.orderId],
        ['Description', p.description ?? 'Payment'],
        ['Environment', p.environment],
        ['Gateway transaction', p.gatewayTransactionId ?? 'N/A'],
        ['Created', new Date(p.createdAt).toLocaleString('en-US')],
      ]
    : [];
  return (
    // The drawer is a dialog (MUI's paper): its heading names it.
    <Drawer anchor="right" open={id !== null} onClose={onClose} slotProps={{ paper: { 'aria-labelledby': 'transaction-details-title', sx: { width: { xs: '100%', sm: 420 } } } }}>
      <Box sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="transaction-details-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>Transaction details</Typography>
          <IconButton aria-label="Close details" onClick={onClose}><Close /></IconButton>
        </Box>
        <Typography sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all', mb: 2 }}>{id}</Typography>
        {payment.isPending && <Skeleton variant="rounded" height={300} />}
        {payment.error && <Alert severity="error">{errorMessage(payment.error, 'Could not load the transaction')}</Alert>}
        {p && (
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1 }}>
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>{value}</Typography>
              </Box>
            ))}
          </Box>
        )}
        {id !== null && !payment.error && <PaymentTimeline id={id} />}
      </Box>
    </Drawer>
  );
}
