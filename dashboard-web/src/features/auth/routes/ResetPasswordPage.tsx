import { useEffect, useState } from 'react';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'wouter';
import type { ResetPasswordForm } from '@tallyline/contracts';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/form';
import { useSubmitForm } from '../../../lib/submit-form';
import { useSubmission } from '../../../lib/use-submission';
import { resetPassword } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../../../components/text-input/PasswordField';
import { isForStaff, STAFF_SIGN_IN } from './for-staff';

const resolver = lazyZodResolver<ResetPasswordForm>(() => import('@tallyline/contracts').then((contracts) => contracts.resetPasswordFormSchema));

/** The secret travels in the link's fragment (#token=…), which the browser never sends to any server. */
function tokenFromFragment(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/** The page an e-mailed reset link opens: a new password, typed twice. */
export default function ResetPasswordPage() {
  const [, navigate] = useLocation();
  const toast = useToast();
  const [token] = useState(tokenFromFragment);
  const [forStaff] = useState(isForStaff);
  // Staff sign in to the back-office, another app: the answer stays on this page with the way there.
  const [staffDone, setStaffDone] = useState<string | null>(null);
  // Out of the address bar (and the history) once read: it is a password-equivalent for the next hour.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  const form = useSubmitForm<ResetPasswordForm>({ resolver, defaultValues: { newPassword: '', confirmPassword: '' } });
  const reset = useSubmission({
    submit: ({ newPassword }: ResetPasswordForm) => resetPassword({ token, newPassword }),
    onSuccess: (message) => {
      if (forStaff) {
        setStaffDone(message);
        return;
      }
      toast({ title: 'Password changed', description: message });
      navigate('/login');
    },
  });

  return (
    <AuthCard title="Choose a new password" subtitle="Changing it signs your account out everywhere" maxWidth={440}>
      {staffDone ? (
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">{staffDone}</Alert>
          <Button variant="contained" size="large" href={STAFF_SIGN_IN} disableElevation>Sign in to the back-office</Button>
        </Stack>
      ) : !token ? (
        <Alert severity="error" role="alert">This reset link is incomplete. Open the link from the e-mail again, or ask for a new one.</Alert>
      ) : (
        <>
          {reset.isError && (
            <Alert severity="error" variant="filled" role="alert" sx={{ mb: 2.5 }}>
              {errorMessage(reset.error, 'Please try again.')}
            </Alert>
          )}
          <Box component="form" noValidate aria-label="Choose a new password" onSubmit={form.handleSubmit((values) => reset.mutate(values))}>
            <Stack spacing={2.5}>
              <PasswordField label="New password" autoComplete="new-password" fullWidth required {...form.field('newPassword')} />
              <PasswordField label="Confirm new password" autoComplete="new-password" fullWidth required {...form.field('confirmPassword')} />
              <Button type="submit" variant="contained" size="large" disabled={reset.isPending} disableElevation>
                {reset.isPending ? 'Saving...' : 'Set new password'}
              </Button>
            </Stack>
          </Box>
        </>
      )}
      {!staffDone && (
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to={forStaff ? '/forgot-password?account=staff' : '/forgot-password'}>Ask for a new link</Link>
        </Typography>
      )}
    </AuthCard>
  );
}
