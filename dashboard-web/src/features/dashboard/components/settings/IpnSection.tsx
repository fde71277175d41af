import { Box, Skeleton, TextField, Typography } from '@mui/material';
import { useIpnSettings } from '../../api/settings-api';
import { LoadError } from '../TabStates';
import { CopyButton } from './CopyButton';
import { MONO_INPUT, SettingsSection } from './SettingsSection';

/** The gateway's notifications (IPN) arrive here; the merchant gives this URL to the gateway partner. */
export function IpnSection() {
  const ipn = useIpnSettings();
  let body;
  if (ipn.isPending) body = <Skeleton variant="rounded" height={56} aria-label="Loading webhook URL" />;
  else if (ipn.error) body = <LoadError error={ipn.error} what="the webhook URL" onRetry={() => void ipn.refetch()} />;
  else
    body = (
      <>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <TextField
            label="Webhook URL"
            value={ipn.data.url}
            fullWidth
            multiline
            size="small"
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'ipn-url' }, input: { sx: MONO_INPUT } }}
          />
          <CopyButton text={ipn.data.url} label="Webhook URL" />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The payment gateway ({ipn.data.gateway}) sends a POST here when a payment's status changes (IPN).
        </Typography>
      </>
    );
  return <SettingsSection title="Webhook URL" subtitle="Payment notifications from the gateway (IPN)">{body}</SettingsSection>;
}
