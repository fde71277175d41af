import type { CryptoPaymentStatus } from '@tallyline/contracts';

/** Spec §4: the crypto pages' status labels. Colours kept to those with AA contrast. */
const STATUS_LABELS: Record<CryptoPaymentStatus, { label: string; color: 'success' | 'error' | 'default' }> = {
  pending: { label: 'In Attesa', color: 'default' },
  processing: { label: 'Elaborazione', color: 'default' },
  completed: { label: 'Completato', color: 'success' },
  failed: { label: 'Fallito', color: 'error' },
  expired: { label: 'Scaduto', color: 'default' },
};

/** A crypto payment status as the Italian pages show it; an unknown status shows its raw value. */
export const cryptoStatusLabel = (status: string) => STATUS_LABELS[status as CryptoPaymentStatus] ?? { label: status, color: 'default' as const };
