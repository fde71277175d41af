import { useEffect } from 'react';
import { TOAST_DURATION_MS, type ActiveToast } from './toast-context';

/**
 * The toast when ToastView's code could not be downloaded (offline, the server restarting): the message
 * still shows, plainly, where the snackbar would, for as long. Without it the failed download unmounted the
 * whole app: a blank page instead of "Export failed".
 */
export function PlainToast({ toast, open, onClose }: { toast: ActiveToast; open: boolean; onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onClose]);
  return open ? (
    <div
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      data-testid="toast"
      onClick={onClose}
      style={{ position: 'fixed', left: 24, bottom: 24, zIndex: 1400, maxWidth: 372, padding: '12px 16px', borderRadius: 4, color: '#fff', background: toast.variant === 'destructive' ? '#c62828' : '#1b5e20' }}
    >
      <b>{toast.title}</b> {toast.description}
    </div>
  ) : null;
}
