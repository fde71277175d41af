import type { ReactNode } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';

/**
 * MUI's `<ListItem disableGutters>` (an `<li>` laying out its ListItemIcon and ListItemText in a row), rendered
 * the same way without ListItem and the ListItemSecondaryAction it always brings: about 1.4 KiB of gzipped
 * JavaScript on the pages with such lists. `dense` as in a dense List (MUI's ListItem reads it from the List).
 */
export function ListRow({ children, dense = false, divider = false, sx }: { children: ReactNode; dense?: boolean; divider?: boolean; sx?: Exclude<SxProps<Theme>, readonly unknown[]> }) {
  return (
    <Box
      component="li"
      sx={[
        {
          display: 'flex',
          justifyContent: 'flex-start',
          alignItems: 'center',
          position: 'relative',
          textDecoration: 'none',
          width: '100%',
          boxSizing: 'border-box',
          textAlign: 'left',
          py: dense ? '4px' : '8px',
        },
        divider && { borderBottom: 1, borderColor: 'divider', backgroundClip: 'padding-box' },
        sx ?? false,
      ]}
    >
      {children}
    </Box>
  );
}
