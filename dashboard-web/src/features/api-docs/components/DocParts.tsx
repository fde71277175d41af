import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { ResponsiveTable } from '../../../components/responsive-table';
import { Tag } from '../../../components/tag';

export function H2({ children }: { children: ReactNode }) {
  return <Typography variant="h2" sx={{ fontSize: { xs: 22, md: 26 }, fontWeight: 800, mb: 1.5 }}>{children}</Typography>;
}

export function H3({ children }: { children: ReactNode }) {
  return <Typography variant="h3" sx={{ fontSize: 19, fontWeight: 700, mt: 3, mb: 1 }}>{children}</Typography>;
}

export function P({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 1.5 }}>{children}</Typography>;
}

const METHOD_COLOURS = {
  GET: { bg: '#dbeafe', fg: '#1e3a8a' },
  POST: { bg: '#dcfce7', fg: '#14532d' },
  PATCH: { bg: '#fef3c7', fg: '#78350f' },
  DELETE: { bg: '#fee2e2', fg: '#7f1d1d' },
} as const;

export interface EndpointRow {
  method: keyof typeof METHOD_COLOURS;
  path: string;
  description: string;
}

export function EndpointTable({ label, rows }: { label: string; rows: EndpointRow[] }) {
  return (
    <ResponsiveTable
      label={label}
      columns={['Endpoint', 'Descrizione']}
      rows={rows.map((row) => ({
        key: `${row.method} ${row.path}`,
        cells: [
          <Box key="endpoint" component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Tag size="small" label={row.method} sx={{ bgcolor: METHOD_COLOURS[row.method].bg, color: METHOD_COLOURS[row.method].fg, fontWeight: 700 }} />
            <Box component="code" data-testid="endpoint" data-method={row.method} sx={{ wordBreak: 'break-all' }}>{row.path}</Box>
          </Box>,
          row.description,
        ],
      }))}
    />
  );
}
