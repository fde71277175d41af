import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation } from 'wouter';
import type { RegisterForm } from '@tallyline/contracts';
import { AUTH_MESSAGES } from '@tallyline/contracts/browser';
import { errorMessage } from '../../../lib/api';
import { applyServerErrors, focusFirstError, lazyZodResolver, textFieldProps } from '../../../lib/form';
import { signIn } from '../../../lib/auth-token';
import { useSubmission } from '../../../lib/use-submission';
import { useToast } from '../../../components/toast';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../../../components/text-input/PasswordField';
import { PersonFields } from '../components/PersonFields';
import { registerUser } from '../api/auth-api';

const EMPTY: RegisterForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

const resolver = lazyZodResolver<RegisterForm>(() => import('@tallyline/contracts').then((contracts) => contracts.registerFormSchema));

export default function RegisterPage() {
  const toast = useToast();
  const [, navigate] = useLocation();
  const form = useForm<RegisterForm>({
    resolver,
    defaultValues: EMPTY,
    shouldFocusError: false,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit' });

  const register = useSubmission({
    submit: async ({ confirmPassword: _confirm, ...request }: RegisterForm) => {
      const response = await registerUser(request);
      if (!response?.token) throw new Error(AUTH_MESSAGES.registrationFailed);
      return response.token;
    },
    onSuccess: (token) => {
      signIn(token);
      toast({ title: 'Registration successful!', description: 'Welcome to Tallyline. You can now access your dashboard.' });
      navigate('/dashboard');
    },
    onError: (error) => {
      applyServerErrors(form, error);
      toast({
        title: 'Registration failed',
        description: errorMessage(error, 'An error occurred during registration'),
        variant: 'destructive' });
    } });

  const submitting = register.isPending;
  return (
    <AuthCard title="Create Your Account" subtitle="Join Tallyline and start accepting payments today.">
      <Box component="form" noValidate aria-label="Create your account" onSubmit={form.handleSubmit((values) => register.mutate(values), focusFirstError(form, EMPTY))}>
        <Stack spacing={2.5}>
          <PersonFields form={form} />
          <PasswordField label="Password" autoComplete="new-password" fullWidth required {...textFieldProps(form, 'password')} />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            fullWidth
            required
            {...textFieldProps(form, 'confirmPassword')}
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting} disableElevation>
            {submitting ? 'Creating Account...' : 'Create Account'}
          </Button>
        </Stack>
      </Box>
      <Stack spacing={1} sx={{ mt: 3, textAlign: 'center' }}>
        <Typography variant="body2">
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">Sign in</Link>
        </Typography>
        <Typography variant="body2">
          Setting up a business?{' '}
          <Link component={RouterLink} to="/merchant-register">Register as Merchant</Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
