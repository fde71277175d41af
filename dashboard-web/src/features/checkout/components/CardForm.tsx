import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Box, Button, Stack } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { ApiError } from '../../../lib/api';
import { TextInput } from '../../../components/text-input';
import { cardDetailsOf, cardFormErrors, type CardDetails, type CardFormValues } from '../card-rules';

type Field = keyof CardFormValues;
type Errors = Partial<Record<Field, string>>;

const EMPTY: CardFormValues = { cardNumber: '', expiry: '', cvc: '', name: '' };
const FIELDS: Field[] = ['cardNumber', 'expiry', 'cvc', 'name'];
/** The gateway's field names for the form's fields (one expiry field for its month and year). */
const GATEWAY_FIELDS: Record<string, Field> = { cardNumber: 'cardNumber', expMonth: 'expiry', expYear: 'expiry', cvc: 'cvc' };

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
  // Plain state rather than a form library: this page is public and stays light.
  const [values, setValues] = useState<CardFormValues>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});

  // Checked at submit, all fields at once; editing a field clears its message right away.
  const field = (name: Field) => ({
    id: `card-${name}`,
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  const show = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((name) => found[name]);
    if (first) document.getElementById(`card-${first}`)?.focus();
  };

  // `busy` disables the button only once the parent re-renders: a double click's second submit comes first.
  const submitting = useRef(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    const found = cardFormErrors(values, new Date());
    if (Object.keys(found).length) return show(found);
    submitting.current = true;
    try {
      await onSubmit(cardDetailsOf(values));
      setValues(EMPTY);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const fromGateway: Errors = {};
      for (const { field: name, message } of error.fieldErrors) {
        const mine = GATEWAY_FIELDS[name];
        if (mine) fromGateway[mine] ??= message;
      }
      show(fromGateway);
    } finally {
      submitting.current = false;
    }
  };

  return (
    <Box component="form" noValidate aria-label="Card details" onSubmit={(event) => void submit(event)}>
      <Stack spacing={2}>
        <TextInput
          label="Card number"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
          {...field('cardNumber')}
        />
        {/* Side by side while the expiry's label fits whole (about 170 px); on a narrower phone, one under the other. */}
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
          <TextInput
            label="Expiry (MM/YY)"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            required
            fullWidth
            sx={{ flex: '3 1 170px' }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
            {...field('expiry')}
          />
          <TextInput
            label="CVC"
            autoComplete="cc-csc"
            placeholder="123"
            required
            fullWidth
            sx={{ flex: '2 1 90px' }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            {...field('cvc')}
          />
        </Stack>
        <TextInput label="Name on card" autoComplete="cc-name" required fullWidth {...field('name')} />
        <Button type="submit" variant="contained" size="large" disableElevation disabled={busy} startIcon={<LockIcon />}>
          {busy ? 'Processing...' : submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
