import { createContext, useContext } from 'react';

type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** Spec §9: one toast visible at a time, shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export interface ActiveToast extends ToastOptions {
  id: number;
}

export type ShowToast = (options: ToastOptions) => void;

export const ToastContext = createContext<ShowToast | null>(null);

/** `const toast = useToast(); toast({ title, description, variant: 'destructive' })`. */
export function useToast(): ShowToast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <ToastProvider>');
  return toast;
}
