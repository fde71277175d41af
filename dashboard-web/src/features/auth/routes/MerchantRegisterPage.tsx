import { Box, Button, FormControl, FormHelperText, Link, Stack, Typography } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation } from 'wouter';
import type { z } from 'zod';
import type { merchantRegisterFormSchema } from '@tallyline/contracts';
import { BUSINESS_TYPES } from '@tallyline/contracts/browser';
import { errorMessage } from '../../../lib/api';
import { applyServerErrors, fieldError, focusFirstError, lazyZodResolver, textFieldProps } from '../../../lib/form';
import { signIn } from '../../../lib/auth-token';
import { useSubmission } from '../../../lib/use-submission';
import { useStoredSession } from '../../../components/layout/stored-session';
import { TextInput } from '../../../components/text-input';
import { NativeSelectField } from '../../../components/text-input/NativeSelectField';
import { LabelledCheckbox } from '../../../components/checkbox';
import { useToast } from '../../../components/toast';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../../../components/text-input/PasswordField';
import { PersonFields } from '../components/PersonFields';
import { registerMerchant, registerUser } from '../api/auth-api';

type Output = z.output<typeof merchantRegisterFormSchema>;
/** The form holds an unticked box and an empty select before the schema turns them into its output. */
type Values = Omit<z.input<typeof merchantRegisterFormSchema>, 'terms' | 'businessType'> & { terms: boolean; businessType: string };

const EMPTY: Values = { firstName: '', lastName: '', email: '', companyName: '', website: '', businessType: '', password: '', terms: false };

const resolver = lazyZodResolver<Values, Output>(() => import('@tallyline/contracts').then((contracts) => contracts.merchantRegisterFormSchema));

export default function MerchantRegisterPage() {
  const toast = useToast();
  const [, navigate] = useLocation();
  // The stored session's check must have settled before a new account replaces it.
  const { session, probe } = useStoredSession();
  const authLoading = session.isLoading;
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: EMPTY,
    shouldFocusError: false,
    reValidateMode: 'onSubmit' });

  const create = useSubmission({
    submit: async (values: Output) => {
      if (authLoading) throw new Error('Authentication not ready');
      const account = await registerUser({
        email: values.email,
        password: values.password,
        firstName: values.firstName,
        lastName: values.lastName });
      if (!account?.token) throw new Error('Registration incomplete');
      // The session starts once the merchant exists, so the header and dashboard never cache "no merchant";
      // it starts either way, because the account itself was created.
      try {
        await registerMerchant(
          { companyName: values.companyName, email: values.email, website: values.website ?? null, businessType: values.businessType },
          account.token,
        );
      } finally {
        signIn(account.token);
      }
    },
    onSuccess: () => {
      toast({ title: 'Registration successful!', description: 'Your merchant account has been created.' });
      navigate('/dashboard');
    },
    onError: (error) => {
      applyServerErrors(form, error);
      toast({ title: 'Registration failed', description: errorMessage(error, 'Registration failed'), variant: 'destructive' });
    } });

  const termsError = fieldError(form, 'terms');
  return (
    <AuthCard title="Create your merchant account" subtitle="Start accepting payments in minutes" maxWidth={560}>
      {probe}
      <Box component="form" noValidate aria-label="Create your merchant account" onSubmit={form.handleSubmit((v) => create.mutate(v), focusFirstError(form, EMPTY))}>
        <Stack spacing={2.5}>
          <PersonFields form={form} />
          <TextInput label="Company Name" autoComplete="organization" fullWidth required {...textFieldProps(form, 'companyName')} />
          <TextInput label="Website (optional)" type="url" autoComplete="url" placeholder="https://example.com" fullWidth {...textFieldProps(form, 'website')} />
          <Controller
            control={form.control}
            name="businessType"
            render={({ field, fieldState }) => (
              <NativeSelectField
                placeholder
                id="businessType"
                label="Business Type"
                required
                fullWidth
                name={field.name}
                value={field.value ?? ''}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(event) => {
                  form.clearErrors('businessType');
                  field.onChange(event.target.value);
                }}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {BUSINESS_TYPES.map((type) => (
                  <option key={type} value={type}>{type}</option>
                ))}
              </NativeSelectField>
            )}
          />
          <PasswordField label="Password" autoComplete="new-password" fullWidth required {...textFieldProps(form, 'password')} />
          <Controller
            control={form.control}
            name="terms"
            render={({ field }) => (
              <FormControl error={Boolean(termsError)}>
                <LabelledCheckbox
                  id="terms"
                  name={field.name}
                  checked={field.value}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    form.clearErrors('terms');
                    field.onChange(event.target.checked);
                  }}
                  aria-describedby={termsError ? 'terms-error' : undefined}
                  error={Boolean(termsError)}
                  label={
                    <span>
                      I accept the <Link component={RouterLink} to="/terms">Terms of Service</Link> and the{' '}
                      <Link component={RouterLink} to="/privacy">Privacy Policy</Link>
                    </span>
                  }
                />
                {termsError && <FormHelperText id="terms-error">{termsError}</FormHelperText>}
              </FormControl>
            )}
          />
          <Button type="submit" variant="contained" size="large" disabled={create.isPending} disableElevation>
            {create.isPending ? 'Creating Account...' : 'Create merchant account'}
          </Button>
        </Stack>
      </Box>
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Typography variant="body2" sx={{ mb: 1 }}>Already have an account?</Typography>
        <Button component={RouterLink} to="/login" variant="outlined">Sign in</Button>
      </Box>
    </AuthCard>
  );
}
