import type { CryptoPaymentStatus } from '@tallyline/contracts';

/** Spec §4: the status labels; an unknown status shows its raw value. Colours kept to those with AA contrast. */
const STATUS_LABELS: Record<CryptoPaymentStatus, { label: string; color: 'success' | 'error' | 'default' }> = {
  pending: { label: 'In Attesa', color: 'default' },
  processing: { label: 'Elaborazione', color: 'default' },
  completed: { label: 'Completato', color: 'success' },
  failed: { label: 'Fallito', color: 'error' },
  expired: { label: 'Scaduto', color: 'default' },
};

export const statusLabel = (status: string) => STATUS_LABELS[status as CryptoPaymentStatus] ?? { label: status, color: 'default' as const };

/** Spec §9 fallbacks when the server's lists are not available. */
export const FALLBACK_FIATS = ['EUR', 'USD', 'GBP'];
export const FALLBACK_CRYPTOS = ['BTC', 'ETH', 'USDT'];

export const ENVIRONMENT_LABELS = { staging: 'Staging', production: 'Produzione' } as const;
