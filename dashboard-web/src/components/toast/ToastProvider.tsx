import { useCallback, useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { ToastContext, type ToastOptions } from './toast-context';

/** Spec §9: one toast visible at a time, shown for 5000 ms. */
const TOAST_DURATION_MS = 5000;

interface ActiveToast extends ToastOptions {
  id: number;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ActiveToast | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((options: ToastOptions) => {
    // A new toast replaces the visible one instead of queueing behind it.
    setToast({ ...options, id: Date.now() + Math.random() });
    setOpen(true);
  }, []);

  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  const destructive = toast?.variant === 'destructive';
  return (
    <ToastContext.Provider value={show}>
      {children}
      <Snackbar
        key={toast?.id}
        open={open}
        autoHideDuration={TOAST_DURATION_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert
          onClose={() => close()}
          severity={destructive ? 'error' : 'success'}
          variant="filled"
          role={destructive ? 'alert' : 'status'}
          data-testid="toast"
          sx={{ width: '100%', maxWidth: 420 }}
        >
          {toast && <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>}
          {toast?.description}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}
