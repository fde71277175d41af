import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { ToastContext, type ToastOptions } from './toast-context';
import type { ActiveToast } from './ToastView';

// Loaded with the first toast, not with every page: the snackbar brings MUI's Alert, transitions and
// click-away listener, which a visitor who is never shown a toast does not need.
const ToastView = lazy(() => import('./ToastView').then((module) => ({ default: module.ToastView })));

export function ToastProvider({ children }: { children: ReactNode }) {
  // Kept after closing, so that the snackbar plays its exit transition.
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

  return (
    <ToastContext.Provider value={show}>
      {children}
      {toast && (
        <Suspense fallback={null}>
          <ToastView toast={toast} open={open} onClose={close} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
