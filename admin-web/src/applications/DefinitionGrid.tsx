import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface Definition {
  key: string;
  label: ReactNode;
  value: ReactNode;
  wide?: boolean;
}

/** Label/value pairs as a description list, two columns on wide screens. */
export function DefinitionGrid({ items }: { items: readonly Definition[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 3,
        rowGap: 1.5,
        m: 0,
      }}
    >
      {items.map((item) => (
        <Box key={item.key} sx={{ gridColumn: item.wide ? '1 / -1' : undefined, minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {item.label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: item.wide ? 'pre-wrap' : undefined }}
          >
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
