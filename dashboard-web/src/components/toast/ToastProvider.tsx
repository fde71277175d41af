import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { PlainToast } from './PlainToast';
import { ToastContext, type ActiveToast, type ToastOptions } from './toast-context';

/**
 * Loaded with the first toast, not with every page: the snackbar brings MUI's Alert, transitions and
 * click-away listener, which a visitor who is never shown a toast does not need. A failed download shows
 * this toast plainly, and the next toast tries again.
 */
const loadToastView = () =>
  lazy(() =>
    import('./ToastView').then(
      (module) => ({ default: module.ToastView }),
      () => {
        toastView = loadToastView();
        return { default: PlainToast };
      },
    ),
  );
let toastView = loadToastView();

export function ToastProvider({ children }: { children: ReactNode }) {
  // Kept after closing, so that the snackbar plays its exit transition.
  const [toast, setToast] = useState<ActiveToast | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((options: ToastOptions) => {
    // A new toast replaces the visible one instead of queueing behind it.
    setToast({ ...options, id: Date.now() + Math.random() });
    setOpen(true);
  }, []);

  const close = useCallback((_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  }, []);
  // One view for the life of a toast: after a failed download, the next toast tries again.
  const ToastView = useMemo(() => toastView, [toast?.id]); // eslint-disable-line react-hooks/exhaustive-deps

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
