import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { useWebhookEndpoints } from '../api/settings-api';

/**
 * Issue 14: an endpoint the platform disabled (it kept failing for 5 days) is told to the merchant on
 * every dashboard tab until it is enabled again or deleted.
 */
export function DisabledEndpointsBanner() {
  const endpoints = useWebhookEndpoints();
  const disabled = endpoints.data?.filter((endpoint) => !endpoint.enabled && endpoint.disabledReason) ?? [];
  if (disabled.length === 0) return null;
  return (
    <Alert severity="error" variant="filled" sx={{ mb: 2 }} data-testid="disabled-endpoints-banner">
      <AlertTitle>{disabled.length === 1 ? 'A webhook endpoint was disabled' : `${disabled.length} webhook endpoints were disabled`}</AlertTitle>
      {disabled.map((endpoint) => (
        <Box key={endpoint.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
          <Box component="span" sx={{ wordBreak: 'break-all' }}>
            <strong>{endpoint.url}</strong>: {endpoint.disabledReason}. No events are sent to it until you enable it again.
          </Box>
          <Button component={RouterLink} to={`/dashboard/settings?endpoint=${encodeURIComponent(endpoint.id)}`} size="small" color="inherit" variant="outlined">
            Review endpoint
          </Button>
        </Box>
      ))}
    </Alert>
  );
}
