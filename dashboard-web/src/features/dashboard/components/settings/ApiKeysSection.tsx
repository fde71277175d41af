import { useState } from 'react';
import { Box, Button, Chip, IconButton, Skeleton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { API_KEY_PREFIX, ENVIRONMENTS, type ApiKey, type Environment } from '@tallyline/contracts';
import { useToast } from '../../../../components/toast';
import { errorMessage } from '../../../../lib/api';
import { useApiKeys, useRotateApiKey } from '../../api/settings-api';
import { formatDate } from '../../format';
import { LoadError } from '../TabStates';
import { ConfirmDialog } from './ConfirmDialog';
import { CopyButton } from './CopyButton';
import { SecretOnceDialog } from './SecretOnceDialog';
import { MONO_INPUT, SettingsSection } from './SettingsSection';

const ENVIRONMENT_LABEL: Record<Environment, string> = { production: 'Production (live)', staging: 'Staging (test)' };

/**
 * The server keeps only a hash, so a key is known in full only in the answer that created it: this
 * page keeps that answer in memory (never stored) so it can still be shown and copied until a reload.
 */
function KeyRow({ environment, apiKey, fullKey, current, onRotate }: { environment: Environment; apiKey: ApiKey | undefined; fullKey: string | undefined; current: boolean; onRotate: () => void }) {
  const [shown, setShown] = useState(false);
  const name = `${environment} API key`;
  const value = !apiKey ? 'No key yet' : shown ? (fullKey ?? apiKey.key) : `${API_KEY_PREFIX[environment]}${'•'.repeat(16)}`;
  return (
    <Box data-testid={`api-key-${environment}`} sx={{ p: 2, border: 1, borderColor: current ? 'primary.main' : 'divider', borderRadius: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 700 }}>{ENVIRONMENT_LABEL[environment]}</Typography>
        {current && <Chip size="small" color="primary" label="Current environment" />}
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" variant="outlined" color={apiKey ? 'error' : 'primary'} onClick={onRotate}>{apiKey ? 'Rotate key' : 'Create key'}</Button>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <TextField
          value={value}
          fullWidth
          size="small"
          disabled={!apiKey}
          slotProps={{ htmlInput: { readOnly: true, 'aria-label': name, 'data-testid': 'api-key-value' }, input: { sx: MONO_INPUT } }}
        />
        <Tooltip title={shown ? 'Hide key' : 'Show key'}>
          <span>
            <IconButton aria-label={shown ? `Hide ${name}` : `Show ${name}`} onClick={() => setShown(!shown)} disabled={!apiKey}>
              {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
        <CopyButton text={fullKey ?? ''} label="API key" disabled={!fullKey} />
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {apiKey ? `Created ${formatDate(apiKey.createdAt)}. ` : ''}
        {!apiKey ? 'Create a key to call the client API in this environment.' : fullKey ? 'Shown in full until you leave this page.' : 'Only the last four characters are kept; rotate to get a new key.'}
      </Typography>
    </Box>
  );
}

export function ApiKeysSection({ environment }: { environment: Environment }) {
  const toast = useToast();
  const keys = useApiKeys();
  const rotate = useRotateApiKey();
  // The environment stays set while the dialog fades out, so its text does not change under the reader.
  const [confirming, setConfirming] = useState<Environment>(environment);
  const [asking, setAsking] = useState(false);
  const [created, setCreated] = useState<Partial<Record<Environment, string>>>({});
  const [reveal, setReveal] = useState<string | null>(null);

  const existing = keys.data?.find((key) => key.environment === confirming);
  const onConfirm = () => {
    rotate.mutate(confirming, {
      onSuccess: (key) => {
        setCreated((all) => ({ ...all, [key.environment]: key.key }));
        setReveal(key.key);
        toast({ title: existing ? 'API key rotated' : 'API key created', description: existing ? 'The previous key no longer works.' : 'Use it in the Authorization header.' });
      },
      onError: (error) => toast({ title: 'Key rotation failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      onSettled: () => setAsking(false),
    });
  };

  let body;
  if (keys.isPending) body = <Skeleton variant="rounded" height={120} aria-label="Loading API keys" />;
  else if (keys.error) body = <LoadError error={keys.error} what="API keys" onRetry={() => void keys.refetch()} />;
  else
    body = (
      <Stack spacing={2}>
        {ENVIRONMENTS.map((env) => (
          <KeyRow
            key={env}
            environment={env}
            apiKey={keys.data.find((key) => key.environment === env)}
            fullKey={created[env]}
            current={env === environment}
            onRotate={() => {
              setConfirming(env);
              setAsking(true);
            }}
          />
        ))}
      </Stack>
    );

  return (
    <SettingsSection title="API Keys" subtitle="Secret keys for the client API: sk_live_ for production, sk_test_ for staging. Keep them on your server.">
      {body}
      <ConfirmDialog
        open={asking}
        title={existing ? `Rotate the ${confirming} API key?` : `Create a ${confirming} API key?`}
        confirmLabel={existing ? 'Rotate key' : 'Create key'}
        busyLabel={existing ? 'Rotating...' : 'Creating...'}
        busy={rotate.isPending}
        onConfirm={onConfirm}
        onClose={() => setAsking(false)}
      >
        {existing
          ? `The current key (ending ${existing.last4}) stops working immediately: every integration using it gets 401 until it uses the new key. The new key is shown once.`
          : 'The new key is shown once.'}
      </ConfirmDialog>
      <SecretOnceDialog title="Your new API key" label="API key" secret={reveal} onClose={() => setReveal(null)} keptOnPage />
    </SettingsSection>
  );
}
