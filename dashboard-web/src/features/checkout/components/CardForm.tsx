import { Box, Button, Stack, TextField } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { applyServerErrors, textFieldProps } from '../../../lib/form';
import { cardDetailsOf, cardFormErrors, type CardDetails, type CardFormValues } from '../card-rules';

const EMPTY: CardFormValues = { cardNumber: '', expiry: '', cvc: '', name: '' };

/** The form's rules as a react-hook-form resolver: every field checked at once, at submit. */
const resolver: Resolver<CardFormValues> = (values) => {
  const errors: FieldErrors<CardFormValues> = {};
  for (const [field, message] of Object.entries(cardFormErrors(values, new Date()))) errors[field as keyof CardFormValues] = { type: 'validate', message };
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

interface CardFormProps {
  /** e.g. "Pay £25.00". */
  submitLabel: string;
  busy: boolean;
  /** Resolves once the card has been handed on; rejects with the gateway's field errors, if any. */
  onSubmit: (card: CardDetails) => Promise<unknown>;
}

/**
 * Card number, expiry, CVC and name. The values live only in this form's memory: they are never put
 * in the URL or storage, never logged, and are cleared as soon as the gateway has tokenized them.
 */
export function CardForm({ submitLabel, busy, onSubmit }: CardFormProps) {
  const form = useForm<CardFormValues>({ resolver, defaultValues: EMPTY, reValidateMode: 'onSubmit' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(cardDetailsOf(values));
      form.reset(EMPTY);
    } catch (error) {
      // The gateway names expMonth/expYear where the form has one expiry field.
      applyServerErrors(form, error);
      const fieldErrors = (error as { fieldErrors?: { field: string; message: string }[] }).fieldErrors ?? [];
      const expiry = fieldErrors.find(({ field }) => field === 'expMonth' || field === 'expYear');
      if (expiry) form.setError('expiry', { type: 'server', message: expiry.message });
    }
  });

  return (
    <Box component="form" noValidate aria-label="Card details" onSubmit={submit}>
      <Stack spacing={2}>
        <TextField
          label="Card number"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
          {...textFieldProps(form, 'cardNumber')}
        />
        <Stack direction="row" spacing={2}>
          <TextField
            label="Expiry (MM/YY)"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
            {...textFieldProps(form, 'expiry')}
          />
          <TextField
            label="CVC"
            autoComplete="cc-csc"
            placeholder="123"
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            {...textFieldProps(form, 'cvc')}
          />
        </Stack>
        <TextField label="Name on card" autoComplete="cc-name" required fullWidth {...textFieldProps(form, 'name')} />
        <Button type="submit" variant="contained" size="large" disableElevation disabled={busy} startIcon={<LockIcon />}>
          {busy ? 'Processing...' : submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
