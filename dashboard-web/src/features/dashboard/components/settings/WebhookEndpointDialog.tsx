import { Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup, FormHelperText, FormLabel, Stack, Switch, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint } from '@tallyline/contracts';
import { useToast } from '../../../../components/toast';
import { errorMessage } from '../../../../lib/api';
import { applyServerErrors, textFieldProps } from '../../../../lib/form';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../../api/settings-api';
import { createRequest, EMPTY_WEBHOOK_ENDPOINT, endpointFormValues, updateRequest, webhookEndpointResolver, type WebhookEndpointFormValues } from '../../webhook-endpoint-form';

interface Props {
  /** Absent: a new endpoint. */
  endpoint?: WebhookEndpoint | undefined;
  onClose: () => void;
  /** A new endpoint, with its signing secret in full. */
  onCreated: (endpoint: WebhookEndpoint) => void;
}

export function WebhookEndpointDialog({ endpoint, onClose, onCreated }: Props) {
  const toast = useToast();
  const mode = endpoint ? 'edit' : 'add';
  const form = useForm<WebhookEndpointFormValues>({
    resolver: webhookEndpointResolver(mode),
    defaultValues: endpoint ? endpointFormValues(endpoint) : EMPTY_WEBHOOK_ENDPOINT,
    reValidateMode: 'onSubmit',
  });
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const saving = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, ...updateRequest(values) });
        toast({ title: 'Webhook endpoint updated', description: values.url.trim() });
      } else {
        onCreated(await create.mutateAsync(createRequest(values)));
        toast({ title: 'Webhook endpoint added', description: values.url.trim() });
      }
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      toast({ title: endpoint ? 'Update failed' : 'Could not add webhook endpoint', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  const title = endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint';
  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="endpoint-dialog-title">
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={title}>
        <DialogTitle id="endpoint-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField label="Endpoint URL" type="url" required fullWidth autoFocus placeholder="https://example.com/webhooks" {...textFieldProps(form, 'url')} />
            {!endpoint && <TextField label="Description (optional)" fullWidth {...textFieldProps(form, 'description')} />}
            <Controller
              control={form.control}
              name="eventTypes"
              render={({ field, fieldState }) => (
                <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                  <FormLabel component="legend">Events to send</FormLabel>
                  <FormHelperText error={Boolean(fieldState.error)} sx={{ mx: 0 }}>
                    {fieldState.error?.message ?? 'None ticked: every event type, including new ones.'}
                  </FormHelperText>
                  <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                    {WEBHOOK_EVENT_TYPES.map((type) => (
                      <FormControlLabel
                        key={type}
                        label={type}
                        slotProps={{ typography: { sx: { fontFamily: 'monospace', fontSize: 13 } } }}
                        control={
                          <Checkbox
                            size="small"
                            checked={field.value.includes(type)}
                            onChange={(event) => field.onChange(event.target.checked ? [...field.value, type] : field.value.filter((t) => t !== type))}
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                </Box>
              )}
            />
            {endpoint && (
              <Controller
                control={form.control}
                name="enabled"
                render={({ field }) => (
                  <FormControlLabel control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label="Enabled" />
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>{saving ? 'Saving...' : endpoint ? 'Save changes' : 'Add endpoint'}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
