/** Spec §9: the estimate has 8 decimals, as crypto amounts do. */
const CRYPTO_DECIMALS = 8;

/** "100.5" → 1005n with 1 decimal; null when it is not a plain non-negative decimal. */
function scaled(value: string): { digits: bigint; decimals: number } | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { digits: BigInt(match[1] + fraction), decimals: fraction.length };
}

/**
 * What the amount buys at the rate (fiat per 1 crypto): amount ÷ rate to 8 decimals, rounded up as
 * the server rounds the created payment's crypto amount; "0.00000000" while there is nothing to divide.
 * In integers, so the estimate is exact and equal to what creation will say.
 */
export function estimateCrypto(amount: string, rate: number): string {
  const zero = (0).toFixed(CRYPTO_DECIMALS);
  const fiat = scaled(amount);
  const perCrypto = Number.isFinite(rate) && rate > 0 ? scaled(rate.toFixed(12).replace(/\.?0+$/, '')) : null;
  if (!fiat || !perCrypto || perCrypto.digits === 0n) return zero;
  // amount / rate × 10^8 = fiat.digits × 10^(rate decimals + 8) / (rate.digits × 10^(amount decimals))
  const numerator = fiat.digits * 10n ** BigInt(perCrypto.decimals + CRYPTO_DECIMALS);
  const denominator = perCrypto.digits * 10n ** BigInt(fiat.decimals);
  const units = (numerator + denominator - 1n) / denominator;
  const text = units.toString().padStart(CRYPTO_DECIMALS + 1, '0');
  return `${text.slice(0, -CRYPTO_DECIMALS)}.${text.slice(-CRYPTO_DECIMALS)}`;
}
