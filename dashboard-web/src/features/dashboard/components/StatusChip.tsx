import { Chip } from '@mui/material';
import type { PaymentStatus } from '@tallyline/contracts';
import { statusColor } from '../format';

export function StatusChip({ status }: { status: PaymentStatus }) {
  return <Chip size="small" label={status} color={statusColor(status)} sx={{ textTransform: 'capitalize', fontWeight: 600 }} />;
}
