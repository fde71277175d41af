import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, InputAdornment, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { PAYMENT_METHOD_TYPES, type PaymentMethod } from '@tallyline/contracts';
import { useToast } from '../../../../components/toast';
import { errorMessage } from '../../../../lib/api';
import { applyServerErrors, textFieldProps } from '../../../../lib/form';
import { useAddPaymentMethod, useConfigurePaymentMethod } from '../../api/settings-api';
import { METHOD_LABELS } from '../../format';
import { addRequest, configureRequest, defaultFeeOf, EMPTY_PAYMENT_METHOD, formValuesOf, paymentMethodResolver, type PaymentMethodFormValues } from '../../payment-method-form';

interface Props {
  /** Absent: a new method (Add Method); present: that method (Configure). */
  method?: PaymentMethod | undefined;
  onClose: () => void;
}

/** Add Method and Configure: one form, checked by the same schemas the server uses. */
export function PaymentMethodDialog({ method, onClose }: Props) {
  const toast = useToast();
  const mode = method ? 'configure' : 'add';
  const form = useForm<PaymentMethodFormValues>({
    resolver: paymentMethodResolver(mode),
    defaultValues: method ? formValuesOf(method) : EMPTY_PAYMENT_METHOD,
    reValidateMode: 'onSubmit',
  });
  const add = useAddPaymentMethod();
  const configure = useConfigurePaymentMethod(method?.id ?? '');
  const saving = add.isPending || configure.isPending;
  const type = useWatch({ control: form.control, name: 'type' });
  // What an empty fee field means: the type's fee when adding, the method's own (unchanged) when configuring.
  const defaults = method ? formValuesOf(method) : type ? defaultFeeOf(type) : undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (method) await configure.mutateAsync(configureRequest(values));
      else await add.mutateAsync(addRequest(values));
      toast({ title: method ? 'Payment method updated' : 'Payment method added', description: `${values.name.trim()} has been saved.` });
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      toast({ title: method ? 'Update failed' : 'Could not add payment method', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  const title = method ? `Configure ${method.name}` : 'Add payment method';
  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="payment-method-dialog-title">
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={title}>
        <DialogTitle id="payment-method-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField label="Name" required fullWidth autoFocus {...textFieldProps(form, 'name')} />
            {method ? (
              <TextField label="Type" value={METHOD_LABELS[method.type]} fullWidth disabled helperText="The type cannot be changed." />
            ) : (
              <Controller
                control={form.control}
                name="type"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    id="type"
                    label="Type"
                    required
                    fullWidth
                    value={field.value}
                    onChange={(event) => {
                      form.clearErrors('type');
                      field.onChange(event.target.value);
                    }}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? 'Fees left empty start at this type\'s.'}
                  >
                    {PAYMENT_METHOD_TYPES.map((option) => (
                      <MenuItem key={option} value={option}>{METHOD_LABELS[option]}</MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Processing fee"
                fullWidth
                placeholder={defaults?.processingFee}
                {...textFieldProps(form, 'processingFee')}
                slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
              />
              <TextField
                label="Fixed fee"
                fullWidth
                placeholder={defaults?.fixedFee}
                {...textFieldProps(form, 'fixedFee')}
                slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
              />
            </Stack>
            {method && (
              <Typography variant="caption" color="text.secondary" sx={{ mt: '4px !important' }}>
                A fee left empty stays as it is; enter 0 for none.
              </Typography>
            )}
            <Controller
              control={form.control}
              name="isActive"
              render={({ field }) => (
                <FormControlLabel control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label="Active" />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>{saving ? 'Saving...' : method ? 'Save changes' : 'Add method'}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
