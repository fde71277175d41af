import { Box, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { ResponsiveTable } from '../../../components/responsive-table';
import { ENDPOINTS, WEBHOOK_EVENTS, type Endpoint } from '../api-reference';

const METHOD_COLOURS = { GET: { bg: '#dbeafe', fg: '#1e3a8a' }, POST: { bg: '#dcfce7', fg: '#14532d' } } as const;

function EndpointName({ endpoint }: { endpoint: Endpoint }) {
  const colours = METHOD_COLOURS[endpoint.method];
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Chip size="small" label={endpoint.method} sx={{ bgcolor: colours.bg, color: colours.fg, fontWeight: 700 }} />
      <Box component="code" sx={{ wordBreak: 'break-all' }} data-testid="endpoint-path">{endpoint.path}</Box>
    </Box>
  );
}

export function ApiReference() {
  return (
    <Box>
      <Typography variant="h3" sx={{ fontSize: 20, fontWeight: 700, mb: 1 }}>Authentication</Typography>
      <Typography sx={{ mb: 1 }}>
        Send <code>Authorization: Bearer &lt;credential&gt;</code> on every /api/client call. The credential is either a JWT
        from POST /api/auth/login (email and password) or your secret API key: <code>sk_test_…</code> acts in staging,{' '}
        <code>sk_live_…</code> in production.
      </Typography>

      <Typography variant="h3" sx={{ fontSize: 20, fontWeight: 700, mt: 3, mb: 1 }}>Core endpoints</Typography>
      <ResponsiveTable
        label="Core endpoints"
        columns={['Endpoint', 'Description', 'Auth']}
        rows={ENDPOINTS.map((endpoint) => ({
          key: `${endpoint.method} ${endpoint.path}`,
          cells: [<EndpointName key="name" endpoint={endpoint} />, endpoint.description, endpoint.auth === 'bearer' ? 'Bearer' : 'None'],
        }))}
      />

      <Typography variant="h3" sx={{ fontSize: 20, fontWeight: 700, mt: 3, mb: 1 }}>Webhook events</Typography>
      <Typography>Register an endpoint and Tallyline posts one of these events whenever a payment changes status.</Typography>
      <List dense>
        {WEBHOOK_EVENTS.map((event) => (
          <ListItem key={event.name} disableGutters>
            <ListItemText primary={<code>{event.name}</code>} secondary={event.description} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
