import { Chip } from '@mui/material';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@tallyline/contracts';
import { statusColor } from '../format';

export function StatusChip({ status }: { status: PaymentStatus }) {
  return <Chip size="small" label={PAYMENT_STATUS_LABELS[status]} color={statusColor(status)} sx={{ fontWeight: 600 }} />;
}
