import { Chip } from '@mui/material';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@tallyline/contracts';
import { statusColor } from '../format';

/** The spec's badge colours: green completed, yellow pending, red failed, grey the rest. */
const PENDING_YELLOW = { '&.MuiChip-colorWarning': { backgroundColor: '#fbc02d' } } as const;

export function StatusChip({ status }: { status: PaymentStatus }) {
  return <Chip size="small" label={PAYMENT_STATUS_LABELS[status]} color={statusColor(status)} sx={{ fontWeight: 600, ...PENDING_YELLOW }} />;
}
