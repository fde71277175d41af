import type { ReactNode } from 'react';
import { Box, Card, CardContent, Container, Typography } from '@mui/material';

/** The centred card every sign-up / sign-in screen sits in. */
export function AuthCard({ title, subtitle, children, maxWidth = 480 }: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <Container sx={{ py: { xs: 4, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <Box sx={{ maxWidth, mx: 'auto' }}>
        <Box sx={{ textAlign: 'center', mb: 3 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 }, fontWeight: 700, mb: 1 }}>
            {title}
          </Typography>
          {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
        </Box>
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>{children}</CardContent>
        </Card>
      </Box>
    </Container>
  );
}
