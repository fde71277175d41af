import { formatMinor, parseMajor, type Transaction } from '@tallyline/contracts';
import { formatMoney } from './format';

export interface RefundPlan {
  /** What is left to refund, in minor units. */
  remaining: number;
  /** The refund to ask for: undefined asks for everything left, as the API does without an amount. */
  amount: number | undefined;
  /** What the dialog tells the merchant will happen, or why the typed amount cannot be refunded. */
  text: string;
  error: boolean;
}

/** What was refunded of a payment that is still completed, in minor units: 0 once it is refunded in full. */
export function partlyRefunded(transaction: Transaction): number {
  return transaction.status === 'refunded' ? 0 : (parseMajor(transaction.refundedAmount, transaction.currency) ?? 0);
}

/** What refunding `typed` (empty: everything left) of a completed payment does; minor units throughout, never float sums. */
export function refundPlan(transaction: Transaction, typed: string): RefundPlan {
  const { currency } = transaction;
  const money = (minor: number) => formatMoney(formatMinor(minor, currency), currency);
  const total = parseMajor(transaction.amount, currency) ?? 0;
  const remaining = total - (parseMajor(transaction.refundedAmount, currency) ?? 0);
  const customer = transaction.customerName || 'the customer';
  const refusal = (text: string): RefundPlan => ({ remaining, amount: undefined, text, error: true });
  const amount = typed.trim() === '' ? remaining : parseMajor(typed, currency);
  if (amount === null && /^\d+,\d{1,2}$/.test(typed.trim())) return refusal(`Write the decimals with a point, like ${typed.trim().replace(',', '.')}`);
  if (amount === null) return refusal(`Enter an amount in ${currency}, like ${money(Math.min(remaining, 1_000))}`);
  if (amount <= 0) return refusal('The amount must be greater than 0');
  if (amount > remaining) return refusal(`At most ${money(remaining)} can be refunded`);
  const already = total - remaining;
  const text =
    amount < remaining
      ? `${money(amount)} of ${already === 0 ? money(total) : `the ${money(remaining)} left`} will be refunded to ${customer}.`
      : already === 0
        ? `${money(total)} will be refunded in full to ${customer}.`
        : `${money(remaining)}, what is left of ${money(total)} after ${money(already)} refunded before, will be refunded to ${customer}.`;
  return { remaining, amount: amount < remaining ? amount : undefined, text: `${text} This cannot be undone.`, error: false };
}
