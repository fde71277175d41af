import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';

/** One card of the settings tab: a heading (with optional actions) and its content. */
export function SettingsSection({ title, subtitle, actions, children, testId }: { title: string; subtitle?: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  const id = `settings-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} data-testid={testId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700 }}>{title}</Typography>
            {subtitle && <Typography variant="body2" color="text.secondary">{subtitle}</Typography>}
          </Box>
          {actions}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** A label and its value, side by side on wide screens and stacked on phones. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, wordBreak: 'break-word', fontWeight: 500 }}>{children}</Typography>
    </Box>
  );
}

export function FieldList({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, columnGap: 2, rowGap: 1 }}>
      {children}
    </Box>
  );
}

/** Keys, secrets and URLs in monospace; the input's default height clips the underscores of `sk_live_`. */
export const MONO_INPUT = { '& .MuiInputBase-input': { fontFamily: 'monospace', fontSize: 14, lineHeight: 1.6, height: 'auto' } } as const;
