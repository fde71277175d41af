import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { changePasswordFormSchema, type ChangePasswordResponse } from '@tallyline/contracts';
import { useState } from 'react';
import { Form, HttpError, PasswordInput, useNotify, useTranslate, type ValidateForm } from 'react-admin';
import { httpClient } from '../dataProvider/httpClient';
import { sessionUser, startSession } from './session';

type FieldErrors = Record<string, string>;

/** The schema the dashboard's form uses: the same rules and messages for staff and merchants. */
const validate: ValidateForm = (values) => {
  // react-admin holds an untouched or cleared input as undefined or null: for the rules they are empty.
  const text = (name: string) => (typeof values[name] === 'string' ? values[name] : '');
  const result = changePasswordFormSchema.safeParse({ currentPassword: text('currentPassword'), newPassword: text('newPassword'), confirmPassword: text('confirmPassword') });
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
};

/** The server's field errors ({ errors: [{ field, message }] }), shown under their inputs. */
function fieldErrorsOf(error: HttpError): FieldErrors {
  const listed = (error.body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(listed)) return {};
  const errors: FieldErrors = {};
  for (const { field, message } of listed as { field?: unknown; message?: unknown }[]) {
    if (typeof field === 'string' && typeof message === 'string') errors[field] = message;
  }
  return errors;
}

/**
 * The staff member's own password: the current one, then the new one twice. Every other session of the
 * account ends; this tab moves to the new session the answer carries, without signing in again.
 */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);

  const submit = async (values: Record<string, unknown>): Promise<FieldErrors | undefined> => {
    setSaving(true);
    try {
      const { json } = await httpClient('/api/auth/password', {
        method: 'POST',
        body: JSON.stringify({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
      });
      const user = sessionUser();
      if (user) startSession((json as ChangePasswordResponse).token, user);
      notify('tallyline.password.changed', { type: 'success' });
      onClose();
      return undefined;
    } catch (error) {
      setSaving(false);
      const message = error instanceof Error ? error.message : String(error);
      notify('tallyline.password.not_changed', { type: 'error', messageArgs: { message } });
      return error instanceof HttpError ? fieldErrorsOf(error) : undefined;
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <Form onSubmit={submit} validate={validate} noValidate aria-label={translate('tallyline.password.menu')}>
        <DialogTitle id="change-password-title">{translate('tallyline.password.menu')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ pt: 1 }}>
            <PasswordInput source="currentPassword" label="tallyline.password.current" autoComplete="current-password" autoFocus fullWidth />
            <PasswordInput source="newPassword" label="tallyline.password.new" autoComplete="new-password" helperText="tallyline.password.new_hint" fullWidth />
            <PasswordInput source="confirmPassword" label="tallyline.password.confirm" autoComplete="new-password" fullWidth />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate(saving ? 'tallyline.password.saving' : 'tallyline.password.menu')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
