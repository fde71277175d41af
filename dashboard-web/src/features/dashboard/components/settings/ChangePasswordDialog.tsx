import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { changePasswordFormSchema, type ChangePasswordForm } from '@tallyline/contracts';
import { useToast } from '../../../../components/toast';
import { errorMessage } from '../../../../lib/api';
import { applyServerErrors, fieldError, textFieldProps } from '../../../../lib/form';
import { useReplaceToken } from '../../../../lib/session';
import { PasswordField } from '../../../../components/text-input/PasswordField';
import { useChangePassword } from '../../api/settings-api';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The current password, then the new one twice. Every other session ends; this browser gets a new one. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const change = useChangePassword();
  const replaceToken = useReplaceToken();

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const { token } = await change.mutateAsync({ currentPassword, newPassword });
      replaceToken(token);
      toast({ title: 'Password changed', description: 'Your other sessions have been signed out.' });
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      toast({ title: 'Password not changed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  const saving = change.isPending;
  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Change password">
        <DialogTitle id="change-password-title">Change password</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <PasswordField label="Current password" autoComplete="current-password" required fullWidth autoFocus {...textFieldProps(form, 'currentPassword')} />
            <PasswordField
              label="New password"
              autoComplete="new-password"
              required
              fullWidth
              {...textFieldProps(form, 'newPassword')}
              helperText={fieldError(form, 'newPassword') ?? 'At least 8 characters.'}
            />
            <PasswordField label="Confirm new password" autoComplete="new-password" required fullWidth {...textFieldProps(form, 'confirmPassword')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>{saving ? 'Saving...' : 'Change password'}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
