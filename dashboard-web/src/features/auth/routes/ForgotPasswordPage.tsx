import { useState } from 'react';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import type { PasswordResetRequest } from '@tallyline/contracts';
import { TextInput } from '../../../components/text-input';
import { errorMessage } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/form';
import { useSubmitForm } from '../../../lib/submit-form';
import { useSubmission } from '../../../lib/use-submission';
import { requestPasswordReset } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';
import { isForStaff, STAFF_SIGN_IN } from './for-staff';

const resolver = lazyZodResolver<PasswordResetRequest>(() => import('@tallyline/contracts').then((contracts) => contracts.passwordResetRequestSchema));

/** "Forgot password": asks for a link by e-mail. The answer never says whether an account uses the address. */
export default function ForgotPasswordPage() {
  const form = useSubmitForm<PasswordResetRequest>({ resolver, defaultValues: { email: '' } });
  const [sent, setSent] = useState<string | null>(null);
  const [forStaff] = useState(isForStaff);
  const request = useSubmission({ submit: requestPasswordReset, onSuccess: (message) => setSent(message) });

  return (
    <AuthCard title="Forgot your password?" subtitle="We will e-mail you a link to choose a new one" maxWidth={440}>
      {sent ? (
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">{sent}</Alert>
          <Typography variant="body2" color="text.secondary">No e-mail after a few minutes? Check your spam folder, or ask again.</Typography>
          <Button variant="outlined" onClick={() => setSent(null)}>Ask again</Button>
        </Stack>
      ) : (
        <>
          {request.isError && (
            <Alert severity="error" variant="filled" role="alert" sx={{ mb: 2.5 }}>
              {errorMessage(request.error, 'Please try again.')}
            </Alert>
          )}
          <Box component="form" noValidate aria-label="Ask for a password reset link" onSubmit={form.handleSubmit((values) => request.mutate(values))}>
            <Stack spacing={2.5}>
              <TextInput label="Email" type="email" autoComplete="email" fullWidth required {...form.field('email')} />
              <Button type="submit" variant="contained" size="large" disabled={request.isPending} disableElevation>
                {request.isPending ? 'Sending...' : 'Send me a link'}
              </Button>
            </Stack>
          </Box>
        </>
      )}
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it? {forStaff ? <Link href={STAFF_SIGN_IN}>Sign in</Link> : <Link component={RouterLink} to="/login">Sign in</Link>}
      </Typography>
    </AuthCard>
  );
}
