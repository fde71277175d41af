import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
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
}

/**
 * A table on tablets and desktops; on phones each row becomes a small card (first cell as its title,
 * the other cells as labelled values), so nothing needs sideways scrolling at 360 px.
 * The hidden variant is display:none, so assistive technology reads only one of them.
 */
export function ResponsiveTable({ label, caption, columns, rows, rowHeaders = false, cellSx = [], align = [], testId }: Props) {
  return (
    <>
      <Box role="group" aria-label={label} sx={{ display: { xs: 'block', sm: 'none' }, my: 2 }} data-testid={testId ? `${testId}-compact` : undefined}>
        {caption && <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{caption}</Typography>}
        {rows.map((row) => (
          <Box key={row.key} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, mb: 1, bgcolor: 'background.paper' }}>
            <Box sx={{ fontWeight: 700, mb: 0.5, wordBreak: 'break-word', ...(cellSx[0] as object) }}>{row.cells[0]}</Box>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.25 }}>
              {row.cells.slice(1).map((cell, index) => (
                <Box key={columns[index + 1]} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">{columns[index + 1]}</Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word', ...(cellSx[index + 1] as object) }}>{cell}</Typography>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
      <TableContainer
        role="group"
        tabIndex={0}
        aria-label={label}
        data-testid={testId}
        sx={{ display: { xs: 'none', sm: 'block' }, border: 1, borderColor: 'divider', borderRadius: 2, my: 2, bgcolor: 'background.paper' }}
      >
        <Table size="small">
          {caption && <caption style={{ captionSide: 'top', textAlign: 'left', padding: '10px 16px' }}>{caption}</caption>}
          <TableHead>
            <TableRow>
              {columns.map((column, index) => (
                <TableCell key={column} component="th" scope="col" align={align[index]} sx={{ fontWeight: 700 }}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                {row.cells.map((cell, index) =>
                  index === 0 && rowHeaders ? (
                    <TableCell key={index} component="th" scope="row" align={align[index]} sx={{ fontWeight: 600, ...(cellSx[index] as object) }}>{cell}</TableCell>
                  ) : (
                    <TableCell key={index} align={align[index]} sx={cellSx[index]}>{cell}</TableCell>
                  ),
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
