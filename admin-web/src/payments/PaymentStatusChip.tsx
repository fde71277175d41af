import type { AdminPayment, PaymentStatus } from '@tallyline/contracts';
import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

// Tinted backgrounds with dark text, like the environment chip, so every label keeps its contrast.
const COLORS: Record<PaymentStatus, { bgcolor: string; color: string }> = {
  pending: { bgcolor: '#fff8e1', color: '#7a4f01' },
  requires_action: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  completed: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  failed: { bgcolor: '#ffebee', color: '#b71c1c' },
  refunded: { bgcolor: '#f3e5f5', color: '#4a148c' },
  canceled: { bgcolor: '#eceff1', color: '#37474f' },
  disputed: { bgcolor: '#fbe9e7', color: '#bf360c' },
};

export function PaymentStatusChip() {
  const payment = useRecordContext<AdminPayment>();
  const translate = useTranslate();
  if (!payment) return null;
  return <Chip size="small" label={translate(`resources.payments.status.${payment.status}`)} sx={{ ...COLORS[payment.status], fontWeight: 500 }} />;
}
