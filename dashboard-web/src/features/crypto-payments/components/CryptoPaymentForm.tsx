import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { Environment } from '@tallyline/contracts';
import { errorMessage } from '../../../lib/api';
import { useToast } from '../../../components/toast';
import { TextInput } from '../../../components/text-input';
import { NativeSelectField } from '../../../components/text-input/NativeSelectField';
import { useCreateCryptoPayment, useExchangeRate } from '../api/crypto-payments-api';
import { estimateCrypto } from '../estimate';

interface Fields {
  amount: string;
  customerEmail: string;
  customerName: string;
  orderId: string;
}

const EMPTY: Fields = { amount: '', customerEmail: '', customerName: '', orderId: '' };

interface CryptoPaymentFormProps {
  environment: Environment;
  fiat: string;
  crypto: string;
  fiats: string[];
  cryptos: string[];
  /** The chosen currencies live in the URL: the page owns them. */
  onFiatChange: (fiat: string) => void;
  onCryptoChange: (crypto: string) => void;
}

/** Spec §2 and §5: the new-payment form, the live rate and the estimate. */
export function CryptoPaymentForm({ environment, fiat, crypto, fiats, cryptos, onFiatChange, onCryptoChange }: CryptoPaymentFormProps) {
  const toast = useToast();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const rate = useExchangeRate(fiat, crypto, environment, true);
  const create = useCreateCryptoPayment();
  const quoted = rate.data?.exchangeRate.rate;

  const set = (name: keyof Fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields.amount.trim() || !fields.customerEmail.trim()) {
      toast({ title: 'Errore', description: 'Compila tutti i campi obbligatori', variant: 'destructive' });
      return;
    }
    create.mutate(
      {
        amount: Number(fields.amount),
        currency: fiat,
        targetCrypto: crypto,
        customerEmail: fields.customerEmail.trim(),
        customerName: fields.customerName.trim(),
        orderId: fields.orderId.trim() || `order_${Date.now()}`,
        environment,
      },
      {
        onSuccess: ({ payment }) => {
          toast({ title: 'Pagamento Crypto Creato', description: `${payment.amount} ${payment.currency} convertiti in ${payment.cryptoAmount} ${payment.targetCrypto}` });
          setFields(EMPTY);
        },
        onError: (error) => toast({ title: 'Errore', description: errorMessage(error, 'Failed to create payment'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Box component="form" noValidate aria-label="Nuovo pagamento crypto" onSubmit={submit}>
      <Stack spacing={2}>
        <TextInput id="crypto-amount" label="Importo" type="number" required value={fields.amount} onChange={set('amount')} slotProps={{ htmlInput: { step: 0.01, min: 0 } }} />
        <Stack direction="row" spacing={2}>
          <NativeSelectField id="crypto-fiat" label="Valuta" value={fiat} onChange={(event) => onFiatChange(event.target.value)} fullWidth>
            {fiats.map((code) => (
              <option key={code} value={code}>{code}</option>
            ))}
          </NativeSelectField>
          <NativeSelectField id="crypto-target" label="Crypto" value={crypto} onChange={(event) => onCryptoChange(event.target.value)} fullWidth>
            {cryptos.map((code) => (
              <option key={code} value={code}>{code}</option>
            ))}
          </NativeSelectField>
        </Stack>
        <Box aria-live="polite" sx={{ bgcolor: 'grey.100', borderRadius: 2, p: 2, minHeight: 72 }} data-testid="crypto-rate">
          {rate.isError ? (
            <Alert severity="error">Failed to fetch exchange rate</Alert>
          ) : (
            <>
              {quoted !== undefined && (
                <>
                  <Typography variant="body2">
                    Tasso: <strong>1 {crypto} = {quoted.toFixed(2)} {fiat}</strong>
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    Importo stimato: <strong data-testid="crypto-estimate">{estimateCrypto(fields.amount, quoted)} {crypto}</strong>
                  </Typography>
                </>
              )}
              {rate.isFetching && (
                <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: quoted === undefined ? 0 : 0.5 }}>
                  <CircularProgress size={14} aria-hidden /> Aggiornamento tasso...
                </Typography>
              )}
            </>
          )}
        </Box>
        <TextInput id="crypto-email" label="Email cliente" type="email" required autoComplete="off" value={fields.customerEmail} onChange={set('customerEmail')} />
        <TextInput id="crypto-name" label="Nome cliente (opzionale)" autoComplete="off" value={fields.customerName} onChange={set('customerName')} />
        <TextInput id="crypto-order" label="ID ordine (opzionale)" helperText="Se vuoto: order_ seguito da un timestamp" autoComplete="off" value={fields.orderId} onChange={set('orderId')} />
        <Button type="submit" variant="contained" size="large" disableElevation disabled={create.isPending}>
          {create.isPending ? 'Creazione...' : 'Crea Pagamento'}
        </Button>
      </Stack>
    </Box>
  );
}
