import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { TOAST_DURATION_MS, type ActiveToast } from './toast-context';

/**
 * One toast visible at a time (spec §9). Bottom left: the transaction details open from the right, 420 px
 * wide, and a toast at the right covered their lower part.
 */

interface Props {
  toast: ActiveToast;
  open: boolean;
  onClose: (event?: unknown, reason?: string) => void;
}

export function ToastView({ toast, open, onClose }: Props) {
  const destructive = toast.variant === 'destructive';
  return (
    <Snackbar key={toast.id} open={open} autoHideDuration={TOAST_DURATION_MS} onClose={onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Alert
        onClose={() => onClose()}
        severity={destructive ? 'error' : 'success'}
        variant="filled"
        role={destructive ? 'alert' : 'status'}
        data-testid="toast"
        sx={{ width: '100%', maxWidth: 420 }}
      >
        <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}
