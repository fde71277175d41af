import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';

interface ResponsiveRow {
  key: string;
  cells: ReactNode[];
}

interface Props {
  /** Accessible name of the table region. */
  label: string;
  caption?: string;
  columns: string[];
  rows: ResponsiveRow[];
  /** The first column names the row (a row header). */
  rowHeaders?: boolean;
  /** Per-column cell styles, e.g. monospace for card numbers or paths. */
  cellSx?: (SxProps<Theme> | undefined)[];
  align?: ('left' | 'right')[];
  testId?: string;
  /** Below this width rows are cards: wider for a table whose columns do not fit a tablet's or small laptop's width. */
  cardsBelow?: 'sm' | 'lg';
}

// MUI's small Table (Table, TableHead, TableBody, TableRow, TableCell as this table used them), styled the same
// way without them: their code was about 2.6 KiB of gzipped JavaScript on every page with a table.
// The theme's body2 (its font family is not Roboto, so MUI sets no letter spacing).
const body2 = { fontWeight: 400, fontSize: '0.875rem', lineHeight: 1.43 } as const;
const tableSx = {
  display: 'table',
  width: '100%',
  borderCollapse: 'collapse',
  borderSpacing: 0,
  '& caption': { ...body2, color: 'text.secondary' },
  '& tr': { color: 'inherit', display: 'table-row', verticalAlign: 'middle', outline: 0 },
} as const;
// Each cell's own styles (as TableCell's), so that a column's cellSx overrides them.
// MUI's cell border is the divider colour without its transparency, lightened: #e0e0e0 in the light theme.
const cellBase = { ...body2, display: 'table-cell', verticalAlign: 'inherit', borderBottom: '1px solid #e0e0e0', textAlign: 'left', padding: '6px 16px', color: 'text.primary' } as const;
const headSx = { ...cellBase, lineHeight: '1.5rem', fontWeight: 700 } as const;

// In a phone's card a long unbroken value (pm_card_chargeDeclinedInsufficientFunds) wraps anywhere, even in a
// column the table keeps on one line (whiteSpace: nowrap): otherwise it widens the whole page.
const compactWrap = { whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;

const alignSx = (align: 'left' | 'right' | undefined) => (align === 'right' ? ({ textAlign: 'right', flexDirection: 'row-reverse' } as const) : {});

/**
 * A table on tablets and desktops; on phones each row becomes a small card (first cell as its title,
 * the other cells as labelled values), so nothing needs sideways scrolling at 360 px.
 * The hidden variant is display:none, so assistive technology reads only one of them.
 */
export function ResponsiveTable({ label, caption, columns, rows, rowHeaders = false, cellSx = [], align = [], testId, cardsBelow = 'sm' }: Props) {
  return (
    <>
      <Box role="group" aria-label={label} sx={{ display: { xs: 'block', [cardsBelow]: 'none' }, my: 2 }} data-testid={testId ? `${testId}-compact` : undefined}>
        {caption && <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{caption}</Typography>}
        {rows.map((row) => (
          <Box key={row.key} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, mb: 1, bgcolor: 'background.paper' }}>
            <Box sx={{ fontWeight: 700, mb: 0.5, ...(cellSx[0] as object), ...compactWrap }}>{row.cells[0]}</Box>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.25 }}>
              {row.cells.slice(1).map((cell, index) => (
                <Box key={columns[index + 1]} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">{columns[index + 1]}</Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, ...(cellSx[index + 1] as object), ...compactWrap }}>{cell}</Typography>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
      <Box
        role="group"
        tabIndex={0}
        aria-label={label}
        data-testid={testId}
        sx={{ display: { xs: 'none', [cardsBelow]: 'block' }, width: '100%', overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 2, my: 2, bgcolor: 'background.paper' }}
      >
        <Box component="table" sx={tableSx}>
          {caption && <caption style={{ captionSide: 'top', textAlign: 'left', padding: '10px 16px' }}>{caption}</caption>}
          <thead>
            <tr>
              {columns.map((column, index) => (
                <Box key={column} component="th" scope="col" sx={{ ...headSx, ...alignSx(align[index]) }}>{column}</Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) =>
                  index === 0 && rowHeaders ? (
                    <Box key={index} component="th" scope="row" sx={{ ...cellBase, fontWeight: 600, ...alignSx(align[index]), ...(cellSx[index] as object) }}>{cell}</Box>
                  ) : (
                    <Box key={index} component="td" sx={{ ...cellBase, ...alignSx(align[index]), ...(cellSx[index] as object) }}>{cell}</Box>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </>
  );
}
