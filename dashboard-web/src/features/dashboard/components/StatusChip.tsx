import { Chip } from '@mui/material';
import type { PaymentStatus } from '@tallyline/contracts';
import { STATUS_LABELS, statusColor } from '../format';

export function StatusChip({ status }: { status: PaymentStatus }) {
  return <Chip size="small" label={STATUS_LABELS[status]} color={statusColor(status)} sx={{ fontWeight: 600 }} />;
}
