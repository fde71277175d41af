import type { ReactNode } from 'react';
import { Box, Container, Typography } from '@mui/material';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Chips, badges or buttons shown under the subtitle. */
  children?: ReactNode;
}

/** The coloured band that opens every public page, holding its single h1. */
export function PageHeader({ title, subtitle, children }: PageHeaderProps) {
  return (
    <Box sx={{ background: 'linear-gradient(135deg, #1f4fd1 0%, #173a9c 100%)', color: 'common.white', py: { xs: 5, md: 7 } }}>
      <Container maxWidth="lg">
        <Typography variant="h1" sx={{ fontSize: { xs: 30, sm: 36, md: 44 }, fontWeight: 800, mb: subtitle ? 1.5 : 0, letterSpacing: -0.5 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography component="div" sx={{ fontSize: { xs: 16, md: 19 }, color: '#e3e9fb', maxWidth: 760 }}>
            {subtitle}
          </Typography>
        )}
        {children && <Box sx={{ mt: 3 }}>{children}</Box>}
      </Container>
    </Box>
  );
}
