import { Box, Typography } from '@mui/material';
import type { CheckoutPayment } from '@tallyline/contracts';
import { formatAmount } from '../money';

/** Who is paid, how much and for what: the top of every state of the page. */
export function OrderSummary({ payment }: { payment: CheckoutPayment }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography color="text.secondary" data-testid="checkout-merchant">
        {payment.merchantName}
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: 32, sm: 40 }, fontWeight: 800, letterSpacing: -0.5, my: 0.5 }} data-testid="checkout-amount">
        {formatAmount(payment.amount, payment.currency)}
      </Typography>
      {payment.description && <Typography data-testid="checkout-description" sx={{ overflowWrap: 'anywhere' }}>{payment.description}</Typography>}
      {/* Order ids are the merchant's, often one long word: wrapped rather than cut off on a phone. */}
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Order {payment.orderId}
      </Typography>
    </Box>
  );
}
