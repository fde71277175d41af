/**
 * Money on the public pages stays in integer minor units (pence) and rates in basis points
 * (1 bp = 0.01 %), so fee arithmetic never touches binary floating point.
 */

/** A per-transaction price: a percentage of the amount plus a fixed fee. */
export interface Rate {
  /** Percentage part in basis points: 290 = 2.9 %. */
  bps: number;
  /** Fixed part in pence: 30 = £0.30. */
  fixedPence: number;
}

/** 290 → "2.9%", 280 → "2.8%", 50 → "0.5%", 100 → "1%". */
export function formatBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(bps % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
}

/** 123456 → "£1,234.56"; `wholePounds` drops a zero pence part (1500 → "£15"). */
export function formatPence(pence: number, { wholePounds = false } = {}): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const pounds = Math.trunc(abs / 100);
  const rest = abs % 100;
  const grouped = String(pounds).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (wholePounds && rest === 0) return `${sign}£${grouped}`;
  return `${sign}£${grouped}.${String(rest).padStart(2, '0')}`;
}

/** "2.9% + £0.30" */
export function formatRate(rate: Rate): string {
  return `${formatBps(rate.bps)} + ${formatPence(rate.fixedPence)}`;
}
