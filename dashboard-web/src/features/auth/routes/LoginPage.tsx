import { Alert, Box, Button, Card, CardContent, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'wouter';
import type { LoginRequest } from '@tallyline/contracts';
import { AUTH_MESSAGES } from '@tallyline/contracts/browser';
import { TextInput } from '../../../components/text-input';
import { errorMessage } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/form';
import { useSubmitForm } from '../../../lib/submit-form';
import { signIn } from '../../../lib/auth-token';
import { useSubmission } from '../../../lib/use-submission';
import { PasswordField } from '../../../components/text-input/PasswordField';
import { login } from '../api/auth-api';

const resolver = lazyZodResolver<LoginRequest>(() => import('@tallyline/contracts').then((contracts) => contracts.loginRequestSchema));

export default function LoginPage() {
  const [, navigate] = useLocation();
  // Validated at submit only, as the other forms (react-hook-form); this page loads no react-hook-form.
  const form = useSubmitForm<LoginRequest>({ resolver, defaultValues: { email: '', password: '' } });
  const signInMutation = useSubmission({
    submit: login,
    onSuccess: (token) => {
      signIn(token);
      navigate('/dashboard');
    } });

  return (
    <Container sx={{ py: { xs: 4, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <Box sx={{ maxWidth: 440, mx: 'auto' }}>
        <Box sx={{ textAlign: 'center', mb: 3 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 }, fontWeight: 700, mb: 1 }}>
            Welcome Back
          </Typography>
          <Typography color="text.secondary">Sign in to your Tallyline account</Typography>
        </Box>
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2.5 }}>
              Sign In
            </Typography>
            {signInMutation.isError && (
              <Alert severity="error" variant="filled" role="alert" sx={{ mb: 2.5 }}>
                {errorMessage(signInMutation.error, AUTH_MESSAGES.loginFailed)}
              </Alert>
            )}
            <Box component="form" noValidate aria-label="Sign in" onSubmit={form.handleSubmit((values) => signInMutation.mutate(values))}>
              <Stack spacing={2.5}>
                <TextInput label="Email" type="email" autoComplete="email" fullWidth required {...form.field('email')} />
                <PasswordField label="Password" autoComplete="current-password" fullWidth required {...form.field('password')} />
                <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ alignSelf: 'flex-end', mt: '-8px !important' }}>
                  Forgot password?
                </Link>
                <Button type="submit" variant="contained" size="large" disabled={signInMutation.isPending} disableElevation>
                  {signInMutation.isPending ? 'Signing In...' : 'Sign In'}
                </Button>
              </Stack>
            </Box>
            <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
              Don&apos;t have an account?{' '}
              <Link component={RouterLink} to="/register">Create one</Link>
            </Typography>
          </CardContent>
        </Card>
      </Box>
    </Container>
  );
}
