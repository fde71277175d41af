import { Box, Chip, List, ListItem, ListItemText, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { ENDPOINTS, WEBHOOK_EVENTS } from '../api-reference';

const METHOD_COLOURS = { GET: { bg: '#dbeafe', fg: '#1e3a8a' }, POST: { bg: '#dcfce7', fg: '#14532d' } } as const;

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
      <TableContainer role="group" tabIndex={0} aria-label="Core endpoints" sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Table size="small" sx={{ minWidth: 620 }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">Method</TableCell>
              <TableCell component="th" scope="col">Path</TableCell>
              <TableCell component="th" scope="col">Description</TableCell>
              <TableCell component="th" scope="col">Auth</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ENDPOINTS.map((endpoint) => (
              <TableRow key={`${endpoint.method} ${endpoint.path}`}>
                <TableCell>
                  <Chip size="small" label={endpoint.method} sx={{ bgcolor: METHOD_COLOURS[endpoint.method].bg, color: METHOD_COLOURS[endpoint.method].fg, fontWeight: 700 }} />
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="endpoint-path">{endpoint.path}</TableCell>
                <TableCell>{endpoint.description}</TableCell>
                <TableCell>{endpoint.auth === 'bearer' ? 'Bearer' : 'None'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

      <Typography variant="h3" sx={{ fontSize: 20, fontWeight: 700, mt: 3, mb: 1 }}>Webhook events</Typography>
      <Typography>Register an endpoint and Tallyline posts one of these events whenever a payment changes status.</Typography>
      <List dense>
        {WEBHOOK_EVENTS.map((event) => (
          <ListItem key={event.name} disableGutters>
            <ListItemText
              primary={<code>{event.name}</code>}
              secondary={event.description}
              slotProps={{ secondary: { sx: { color: 'text.secondary' } } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
