/**
 * "25.00" GBP → "£25.00". The answer's amount is already the minor units written out with the
 * currency's exponent (contracts' formatMinor); Intl formats the decimal string as it is, no float.
 */
export function formatAmount(amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount as Intl.StringNumericLiteral);
  } catch {
    return `${amount} ${currency}`;
  }
}
