import type { ReactNode } from 'react';
import { Box, Skeleton, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Info from '@mui/icons-material/Info';
import type { Environment } from '@tallyline/contracts';
import { useApiKeys, useIpnSettings, useWebhookEndpoints } from '../../api/settings-api';
import { SettingsSection } from './SettingsSection';

type Level = 'ok' | 'todo' | 'problem';
const ICONS: Record<Level, ReactNode> = {
  ok: <CheckCircle color="success" fontSize="small" />,
  todo: <Info color="warning" fontSize="small" />,
  problem: <ErrorIcon color="error" fontSize="small" />,
};

function Check({ level, title, children }: { level: Level; title: string; children: ReactNode }) {
  return (
    <Box component="li" data-level={level} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Box sx={{ pt: 0.25, display: 'flex' }} aria-hidden>{ICONS[level]}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>{children}</Typography>
      </Box>
    </Box>
  );
}

/** What an integration in the current environment has, from the same data the other sections show. */
export function IntegrationStatusSection({ environment }: { environment: Environment }) {
  const keys = useApiKeys();
  const endpoints = useWebhookEndpoints();
  const ipn = useIpnSettings();
  if (keys.isPending || endpoints.isPending || ipn.isPending)
    return (
      <SettingsSection title="Integration Status">
        <Skeleton variant="rounded" height={120} aria-label="Loading integration status" />
      </SettingsSection>
    );

  const key = keys.data?.find((k) => k.environment === environment);
  const all = endpoints.data ?? [];
  const enabled = all.filter((endpoint) => endpoint.enabled).length;
  const failing = all.filter((endpoint) => !endpoint.enabled && endpoint.disabledReason).length;
  const webhookLevel: Level = failing ? 'problem' : enabled ? 'ok' : 'todo';
  let webhookText: string;
  if (endpoints.error) webhookText = 'Could not load webhook endpoints.';
  else if (all.length === 0) webhookText = 'No endpoint yet: add one below to hear about payments as they happen.';
  else webhookText = `${enabled} of ${all.length} enabled${failing ? `; ${failing} disabled after failing for 5 days` : ''}.`;

  return (
    <SettingsSection title="Integration Status" subtitle={`For the ${environment} environment`} testId="integration-status">
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        <Check level={environment === 'production' ? 'ok' : 'todo'} title="Environment">
          {environment === 'production' ? 'Production: payments are live.' : 'Staging: test payments only; switch to production when you are ready.'}
        </Check>
        <Check level={keys.error ? 'problem' : key ? 'ok' : 'todo'} title="API key">
          {keys.error ? 'Could not load API keys.' : key ? `Active (${key.key}).` : 'None yet: create one in API Keys.'}
        </Check>
        <Check level={webhookLevel} title="Webhook endpoints">{webhookText}</Check>
        <Check level={ipn.error ? 'problem' : 'ok'} title="Gateway notifications (IPN)">
          {ipn.data ? `Received from ${ipn.data.gateway} at ${ipn.data.url}.` : 'Could not load the webhook URL.'}
        </Check>
      </Stack>
    </SettingsSection>
  );
}
