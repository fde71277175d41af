export { ToastProvider } from './ToastProvider';
export { useToast } from './toast-context';
