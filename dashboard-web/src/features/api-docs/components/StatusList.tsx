import { Box, Typography } from '@mui/material';

/** Statuses as a definition list; only the lazily loaded tabs use it (see panels.ts), so it is not in DocParts. */
export function StatusList({ items }: { items: { value: string; label: string; text: string }[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
      {items.map((item) => (
        <Box key={item.value} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>{item.value}</Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>{item.label}: {item.text}</Typography>
        </Box>
      ))}
    </Box>
  );
}
