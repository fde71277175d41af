import { Box } from '@mui/material';
import type { Endpoint } from '../api-reference';
import { Tag } from '../../../components/tag';

const METHOD_COLOURS = { GET: { bg: '#dbeafe', fg: '#1e3a8a' }, POST: { bg: '#dcfce7', fg: '#14532d' }, DELETE: { bg: '#fee2e2', fg: '#7f1d1d' } } as const;

export function EndpointName({ endpoint }: { endpoint: Endpoint }) {
  const colours = METHOD_COLOURS[endpoint.method];
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Tag size="small" label={endpoint.method} sx={{ bgcolor: colours.bg, color: colours.fg, fontWeight: 700 }} />
      <Box component="code" sx={{ wordBreak: 'break-all' }} data-testid="endpoint-path">{endpoint.path}</Box>
    </Box>
  );
}
