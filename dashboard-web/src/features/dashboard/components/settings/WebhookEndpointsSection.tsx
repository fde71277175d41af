import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useSearchParams } from 'wouter';
import type { WebhookEndpoint } from '@tallyline/contracts';
import { useToast } from '../../../../components/toast';
import { errorMessage } from '../../../../lib/api';
import { useDeleteWebhookEndpoint, useRotateWebhookSecret, useUpdateWebhookEndpoint, useWebhookEndpoints } from '../../api/settings-api';
import { formatDate } from '../../format';
import { EmptyState, LoadError } from '../TabStates';
import { ConfirmDialog } from './ConfirmDialog';
import { DeliveryLog } from './DeliveryLog';
import { SecretOnceDialog } from './SecretOnceDialog';
import { SettingsSection } from './SettingsSection';
import { WebhookEndpointDialog } from './WebhookEndpointDialog';

type Pending = { action: 'delete' | 'rotate'; endpoint: WebhookEndpoint; open: boolean } | null;

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.enabled) return <Chip size="small" color="success" label="Enabled" />;
  return <Chip size="small" color={endpoint.disabledReason ? 'error' : 'default'} label={endpoint.disabledReason ? 'Disabled by Tallyline' : 'Disabled'} />;
}

function EndpointRow({ endpoint, selected, onSelect, onEdit, onToggle, onRotate, onDelete }: {
  endpoint: WebhookEndpoint;
  selected: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onToggle: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const failing = !endpoint.enabled && endpoint.disabledReason;
  return (
    <Box component="li" data-testid="webhook-endpoint" sx={{ p: 2, border: selected || failing ? 2 : 1, borderColor: failing ? 'error.main' : selected ? 'primary.main' : 'divider', borderRadius: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography sx={{ fontFamily: 'monospace', fontWeight: 700, wordBreak: 'break-all', flex: '1 1 240px' }}>{endpoint.url}</Typography>
        <EndpointStatus endpoint={endpoint} />
      </Box>
      {endpoint.description && <Typography variant="body2" sx={{ mb: 0.5 }}>{endpoint.description}</Typography>}
      {failing && (
        <Alert severity="error" sx={{ my: 1 }}>
          {endpoint.disabledReason}. Fix the receiver, then enable the endpoint; use Retry in its delivery log to send what it missed.
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 1 }}>
        Events: {endpoint.eventTypes.length === 0 ? 'all event types' : endpoint.eventTypes.join(', ')}
        <br />
        Signing secret: <Box component="span" sx={{ fontFamily: 'monospace' }}>{endpoint.secret}</Box> · added {formatDate(endpoint.createdAt)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {/* Pressed while its log shows below: said, not only drawn (contained). */}
        <Button
          size="small"
          variant={selected ? 'contained' : 'outlined'}
          onClick={onSelect}
          aria-label={`Deliveries of ${endpoint.url}`}
          aria-pressed={selected}
          data-deliveries={endpoint.id}
        >
          Deliveries
        </Button>
        <Button size="small" onClick={onEdit} aria-label={`Edit ${endpoint.url}`}>Edit</Button>
        <Button size="small" onClick={onToggle} aria-label={`${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}`}>{endpoint.enabled ? 'Disable' : 'Enable'}</Button>
        <Button size="small" onClick={onRotate} aria-label={`Rotate secret of ${endpoint.url}`}>Rotate secret</Button>
        <Button size="small" color="error" onClick={onDelete} aria-label={`Delete ${endpoint.url}`}>Delete</Button>
      </Box>
    </Box>
  );
}

/**
 * The merchant's webhook endpoints in its current environment. In the URL: `endpoint` (whose delivery
 * log is open) and `endpointForm` (`new` or the id being edited).
 */
export function WebhookEndpointsSection() {
  const toast = useToast();
  const [search, setSearch] = useSearchParams();
  const endpoints = useWebhookEndpoints();
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const [pending, setPending] = useState<Pending>(null);
  const [secret, setSecret] = useState<string | null>(null);
  // A deletion takes away the row whose Delete button focus returns to, and focus fell to <body>: it goes
  // to Add endpoint instead, once the confirmation has closed (its focus trap would take it back before).
  const addButton = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);
  useEffect(() => {
    if (pending?.open !== false || !deleted.current) return;
    deleted.current = false;
    addButton.current?.focus();
  }, [pending]);

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name === 'endpoint') next.delete('dafter');
    setSearch(next);
  };
  const selectedId = search.get('endpoint');
  const formId = search.get('endpointForm');
  const selected = endpoints.data?.find((endpoint) => endpoint.id === selectedId);
  const editing = formId && formId !== 'new' ? endpoints.data?.find((endpoint) => endpoint.id === formId) : undefined;

  const onToggle = (endpoint: WebhookEndpoint) =>
    update.mutate(
      { id: endpoint.id, enabled: !endpoint.enabled },
      {
        onSuccess: () => toast({ title: endpoint.enabled ? 'Webhook endpoint disabled' : 'Webhook endpoint enabled', description: endpoint.url }),
        onError: (error) => toast({ title: 'Update failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  const onConfirm = () => {
    if (!pending) return;
    const { action, endpoint } = pending;
    const done = { onSettled: () => setPending({ ...pending, open: false }), onError: (error: unknown) => toast({ title: action === 'delete' ? 'Delete failed' : 'Rotation failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }) };
    if (action === 'delete')
      remove.mutate(endpoint.id, {
        ...done,
        onSuccess: () => {
          deleted.current = true;
          if (selectedId === endpoint.id) setParam('endpoint', null);
          toast({ title: 'Webhook endpoint deleted', description: endpoint.url });
        },
      });
    else
      rotate.mutate(endpoint.id, {
        ...done,
        onSuccess: (rotated) => {
          setSecret(rotated.secret);
          toast({ title: 'Signing secret rotated', description: 'The previous secret no longer signs deliveries.' });
        },
      });
  };

  let body;
  if (endpoints.isPending) body = <Skeleton variant="rounded" height={120} aria-label="Loading webhook endpoints" />;
  else if (endpoints.error) body = <LoadError error={endpoints.error} what="webhook endpoints" onRetry={() => void endpoints.refetch()} />;
  else if (endpoints.data.length === 0) body = <EmptyState>No webhook endpoints yet. Add one to receive payment events on your server.</EmptyState>;
  else
    body = (
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Webhook endpoints">
        {endpoints.data.map((endpoint) => (
          <EndpointRow
            key={endpoint.id}
            endpoint={endpoint}
            selected={endpoint.id === selectedId}
            onSelect={() => setParam('endpoint', endpoint.id === selectedId ? null : endpoint.id)}
            onEdit={() => setParam('endpointForm', endpoint.id)}
            onToggle={() => onToggle(endpoint)}
            onRotate={() => setPending({ action: 'rotate', endpoint, open: true })}
            onDelete={() => setPending({ action: 'delete', endpoint, open: true })}
          />
        ))}
      </Stack>
    );

  return (
    <>
      <SettingsSection
        title="Webhook Endpoints"
        subtitle="Your servers that receive signed events (Standard Webhooks) for this environment."
        actions={<Button ref={addButton} variant="contained" startIcon={<Add />} onClick={() => setParam('endpointForm', 'new')}>Add endpoint</Button>}
      >
        {body}
        {selectedId && endpoints.isSuccess && !selected && <Alert severity="warning" sx={{ mt: 2 }}>Webhook endpoint not found in this environment.</Alert>}
      </SettingsSection>
      {selected && (
        <DeliveryLog
          endpoint={selected}
          onClose={() => {
            // The log and its Close button go: focus, which fell to <body>, goes back to the endpoint's Deliveries.
            document.querySelector<HTMLElement>(`[data-deliveries="${selected.id}"]`)?.focus();
            setParam('endpoint', null);
          }}
        />
      )}
      {(formId === 'new' || editing) && (
        <WebhookEndpointDialog key={formId} endpoint={editing} onClose={() => setParam('endpointForm', null)} onCreated={(created) => setSecret(created.secret)} />
      )}
      <ConfirmDialog
        open={pending?.open ?? false}
        title={pending?.action === 'delete' ? 'Delete this webhook endpoint?' : 'Rotate the signing secret?'}
        confirmLabel={pending?.action === 'delete' ? 'Delete endpoint' : 'Rotate secret'}
        busyLabel={pending?.action === 'delete' ? 'Deleting...' : 'Rotating...'}
        busy={remove.isPending || rotate.isPending}
        onConfirm={onConfirm}
        onClose={() => {
          if (pending) setPending({ ...pending, open: false });
        }}
      >
        {pending?.action === 'delete'
          ? `${pending.endpoint.url} will receive no more events, and its delivery log goes with it. This cannot be undone.`
          : 'The current secret stops signing deliveries at once: update your receiver with the new secret, shown once.'}
      </ConfirmDialog>
      <SecretOnceDialog title="Your webhook signing secret" label="Signing secret" secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
