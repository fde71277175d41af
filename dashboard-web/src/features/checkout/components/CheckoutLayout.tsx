import type { ReactNode } from 'react';
import { Box, Container, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';

/**
 * The hosted payment page stands alone: no site navigation to lead the payer away, only the brand
 * that processes the payment and the one <main> landmark.
 */
export function CheckoutLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'grey.100' }}>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="sm" sx={{ py: 1.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Typography component="span" sx={{ fontWeight: 800, fontSize: 20, color: 'primary.main', letterSpacing: -0.5 }}>
            Tallyline
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <LockIcon fontSize="small" aria-hidden /> Secure checkout
          </Typography>
        </Container>
      </Box>
      <Box component="main" id="main-content" sx={{ flexGrow: 1, py: { xs: 3, sm: 6 } }}>
        <Container maxWidth="sm" sx={{ px: { xs: 2, sm: 3 } }}>
          {children}
        </Container>
      </Box>
      <Typography component="footer" variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 3, px: 2 }}>
        Payments processed by Tallyline. Your card details go to the card gateway only.
      </Typography>
    </Box>
  );
}
