import type { AdminPayment, PaymentStatus } from '@tallyline/contracts';
import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { TINTS, type Tint } from '../shared/tints';

const COLORS: Record<PaymentStatus, Tint> = {
  pending: TINTS.amber,
  requires_action: TINTS.blue,
  completed: TINTS.green,
  failed: TINTS.red,
  refunded: TINTS.purple,
  canceled: TINTS.grey,
  disputed: TINTS.deepOrange,
};

export function PaymentStatusChip() {
  const payment = useRecordContext<AdminPayment>();
  const translate = useTranslate();
  if (!payment) return null;
  return <Chip size="small" label={translate(`resources.payments.status.${payment.status}`)} sx={{ ...COLORS[payment.status], fontWeight: 500 }} />;
}
