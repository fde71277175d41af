import type { AdminPayment } from '@tallyline/contracts';
import { useRecordContext } from 'react-admin';

/** "9999999.99" → "9,999,999.99": thousands grouped in the decimal string itself, no float. */
const grouped = (amount: string) => amount.replace(/^(-?\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));

/** A decimal amount in the payment's own currency, as the API sends it ("100.00" GBP). */
export function MoneyField({ source }: { source: 'amount' | 'refundedAmount' }) {
  const payment = useRecordContext<AdminPayment>();
  // Right after a sign-in from a deep link the record can be one loaded before, without this field yet.
  if (typeof payment?.[source] !== 'string') return null;
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {grouped(payment[source])} {payment.currency}
    </span>
  );
}
