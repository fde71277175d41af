export { ToastProvider, TOAST_DURATION_MS } from './ToastProvider';
export { useToast, type ToastOptions, type ToastVariant } from './toast-context';
