import type { ReactNode } from 'react';
import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';

export function H2({ children }: { children: ReactNode }) {
  return <Typography variant="h2" sx={{ fontSize: { xs: 22, md: 26 }, fontWeight: 800, mb: 1.5 }}>{children}</Typography>;
}

export function H3({ children }: { children: ReactNode }) {
  return <Typography variant="h3" sx={{ fontSize: 19, fontWeight: 700, mt: 3, mb: 1 }}>{children}</Typography>;
}

export function P({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 1.5 }}>{children}</Typography>;
}

const METHOD_COLOURS = { GET: { bg: '#dbeafe', fg: '#1e3a8a' }, POST: { bg: '#dcfce7', fg: '#14532d' } } as const;

export function EndpointTable({ label, rows }: { label: string; rows: { method: 'GET' | 'POST'; path: string; description: string }[] }) {
  return (
    <TableContainer role="group" tabIndex={0} aria-label={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, my: 2 }}>
      <Table size="small" sx={{ minWidth: 520 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">Metodo</TableCell>
            <TableCell component="th" scope="col">Percorso</TableCell>
            <TableCell component="th" scope="col">Descrizione</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.method} ${row.path}`}>
              <TableCell>
                <Chip size="small" label={row.method} sx={{ bgcolor: METHOD_COLOURS[row.method].bg, color: METHOD_COLOURS[row.method].fg, fontWeight: 700 }} />
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{row.path}</TableCell>
              <TableCell>{row.description}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

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
