import { Box, List, ListItemText, Typography } from '@mui/material';
import { ListRow } from '../../../components/list-row';
import { ResponsiveTable } from '../../../components/responsive-table';
import { ENDPOINTS, WEBHOOK_EVENTS } from '../api-reference';
import { EndpointName } from './EndpointName';
import { StripeCompatible } from './StripeCompatible';

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
          <ListRow key={event.name} dense>
            <ListItemText primary={<code>{event.name}</code>} secondary={event.description} />
          </ListRow>
        ))}
      </List>

      <StripeCompatible />
    </Box>
  );
}
