import type { AdminPayment } from '@tallyline/contracts';
import { useRecordContext } from 'react-admin';

/** A decimal amount in the payment's own currency, as the API sends it ("100.00" GBP). */
export function MoneyField({ source }: { source: 'amount' | 'refundedAmount' }) {
  const payment = useRecordContext<AdminPayment>();
  if (!payment) return null;
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {payment[source]} {payment.currency}
    </span>
  );
}
