import { ENTERPRISE, FAQ_RATES, STANDARD_PLANS, type Rate, type StandardPlan } from '../../components/pricing';

/**
 * The pricing calculator's arithmetic, kept pure so it can be tested without a browser. Amounts are
 * integer pence and rates basis points throughout; every division rounds half up to a whole unit.
 */

export interface Band {
  id: string;
  label: string;
  minPence: number;
  /** Exclusive upper bound; null for the open-ended top band. */
  maxPence: number | null;
}

/** Spec §9 calculator bands. */
export const VOLUME_BANDS = [
  { id: '0-10k', label: '£0-10k', minPence: 0, maxPence: 1_000_000 },
  { id: '10-50k', label: '£10-50k', minPence: 1_000_000, maxPence: 5_000_000 },
  { id: '50-100k', label: '£50-100k', minPence: 5_000_000, maxPence: 10_000_000 },
  { id: '100-500k', label: '£100-500k', minPence: 10_000_000, maxPence: 50_000_000 },
  { id: '500k+', label: '£500k+', minPence: 50_000_000, maxPence: null },
] as const satisfies readonly Band[];

export const VALUE_BANDS = [
  { id: '0-50', label: '£0-50', minPence: 0, maxPence: 5_000 },
  { id: '50-100', label: '£50-100', minPence: 5_000, maxPence: 10_000 },
  { id: '100-500', label: '£100-500', minPence: 10_000, maxPence: 50_000 },
  { id: '500+', label: '£500+', minPence: 50_000, maxPence: null },
] as const satisfies readonly Band[];

/** Integer division rounding half up, for non-negative integers. */
export function divideRounded(numerator: number, denominator: number): number {
  const remainder = numerator % denominator;
  const quotient = (numerator - remainder) / denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/**
 * The amount a band stands for: its midpoint. An open-ended band has no midpoint, so it stands for
 * 1.5 × its lower bound (£500k+ → £750k, £500+ → £750); the caption on the page says so.
 */
export function representativePence(band: Band): number {
  if (band.maxPence === null) return divideRounded(band.minPence * 3, 2);
  return divideRounded(band.minPence + band.maxPence, 2);
}

/** Fees for a month: the percentage of the whole volume plus the fixed fee on every transaction. */
export function monthlyFee(rate: Rate, volumePence: number, transactions: number): number {
  return divideRounded(volumePence * rate.bps, 10_000) + rate.fixedPence * transactions;
}

/** Where the pricing page and the FAQ disagree (spec §9), both figures are given. */
interface ConflictingFee {
  pricingPage: number;
  faq: number;
}

export interface PlanEstimate {
  planId: StandardPlan['id'];
  name: string;
  cards: number;
  international: number;
  digitalWallets: ConflictingFee;
  bankTransfers: ConflictingFee;
}

export interface Estimate {
  volumePence: number;
  averagePence: number;
  transactions: number;
  plans: PlanEstimate[];
  /** Enterprise is quoted; this is its floor: 1.4 % of the volume, before any per-transaction fee. */
  enterpriseFromPence: number;
  /** At £500k+ a month Enterprise's custom pricing applies. */
  customPricingApplies: boolean;
}

function bandById(bands: readonly Band[], id: string): Band {
  const band = bands.find((candidate) => candidate.id === id);
  if (!band) throw new Error(`Unknown band ${id}`);
  return band;
}

export function estimateMonthlyCost(volumeBandId: string, valueBandId: string): Estimate {
  const volumePence = representativePence(bandById(VOLUME_BANDS, volumeBandId));
  const averagePence = representativePence(bandById(VALUE_BANDS, valueBandId));
  // At least one transaction: a month with volume has someone paying.
  const transactions = Math.max(1, divideRounded(volumePence, averagePence));
  const fee = (rate: Rate) => monthlyFee(rate, volumePence, transactions);

  return {
    volumePence,
    averagePence,
    transactions,
    plans: STANDARD_PLANS.map((plan) => ({
      planId: plan.id,
      name: plan.name,
      cards: fee(plan.cards),
      international: fee(plan.international),
      // The pricing page prices wallets like UK & EU cards.
      digitalWallets: { pricingPage: fee(plan.cards), faq: fee(FAQ_RATES.digitalWallets) },
      bankTransfers: { pricingPage: fee(plan.bankTransfers), faq: fee(FAQ_RATES.bankTransfers) } })),
    enterpriseFromPence: divideRounded(volumePence * ENTERPRISE.fromBps, 10_000),
    customPricingApplies: volumePence >= ENTERPRISE.thresholdPence };
}
