import { Alert, AlertTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The spec's failure toast: the title "Update Failed" over the server's message. */
export function UpdateFailedMessage({ message }: { message?: string | undefined }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" variant="filled" sx={{ minWidth: 320 }}>
      <AlertTitle>{translate('resources.applications.notifications.update_failed')}</AlertTitle>
      {message || translate('resources.applications.notifications.update_failed_default')}
    </Alert>
  );
}
