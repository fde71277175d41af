import { describe, expect, it } from '@jest/globals';
import {
  VALUE_BANDS,
  VOLUME_BANDS,
  divideRounded,
  estimateMonthlyCost,
  monthlyFee,
  representativePence } from './pricing-calculator';

describe('divideRounded', () => {
  it('rounds half up and keeps exact quotients', () => {
    expect(divideRounded(10, 5)).toBe(2);
    expect(divideRounded(7, 2)).toBe(4);
    expect(divideRounded(7, 3)).toBe(2);
    expect(divideRounded(0, 3)).toBe(0);
  });
});

describe('representativePence', () => {
  it('uses the midpoint of a closed band', () => {
    expect(representativePence(VOLUME_BANDS[0])).toBe(500_000);
    expect(representativePence(VOLUME_BANDS[3])).toBe(30_000_000);
    expect(representativePence(VALUE_BANDS[2])).toBe(30_000);
  });

  it('uses 1.5 × the lower bound of the open-ended band', () => {
    expect(representativePence(VOLUME_BANDS[4])).toBe(75_000_000);
    expect(representativePence(VALUE_BANDS[3])).toBe(75_000);
  });
});

describe('monthlyFee', () => {
  it('adds the percentage of the volume and the fixed fee per transaction', () => {
    // £5,000 at 2.9% = £145.00; 200 × £0.30 = £60.00
    expect(monthlyFee({ bps: 290, fixedPence: 30 }, 500_000, 200)).toBe(20_500);
  });

  it('rounds the percentage part to the nearest penny', () => {
    // 2.9% of £0.25 = 0.725p → 1p, plus 30p
    expect(monthlyFee({ bps: 290, fixedPence: 30 }, 25, 1)).toBe(31);
  });
});

describe('estimateMonthlyCost', () => {
  it('prices £0-10k of £0-50 payments on every plan', () => {
    const estimate = estimateMonthlyCost('0-10k', '0-50');
    expect(estimate.volumePence).toBe(500_000);
    expect(estimate.averagePence).toBe(2_500);
    expect(estimate.transactions).toBe(200);
    const [starter, professional, scale] = estimate.plans;
    expect(starter).toMatchObject({ name: 'Starter', cards: 20_500, international: 23_000 });
    // 2.4% of £5,000 = £120 + 200 × £0.25 = £50
    expect(professional?.cards).toBe(17_000);
    // 1.9% of £5,000 = £95 + 200 × £0.20 = £40
    expect(scale?.cards).toBe(13_500);
  });

  it('gives both readings for wallets and bank transfers', () => {
    const { plans } = estimateMonthlyCost('0-10k', '0-50');
    const starter = plans[0];
    // Pricing page: wallets as UK & EU cards; FAQ: 3.4% + £0.30 = £170 + £60
    expect(starter?.digitalWallets).toEqual({ pricingPage: 20_500, faq: 23_000 });
    // Pricing page: 0.8% + £0.50 = £40 + £100; FAQ: 1.5% + £0.20 = £75 + £40
    expect(starter?.bankTransfers).toEqual({ pricingPage: 14_000, faq: 11_500 });
  });

  it('changes with the bands', () => {
    const small = estimateMonthlyCost('0-10k', '0-50');
    const large = estimateMonthlyCost('100-500k', '100-500');
    expect(large.transactions).toBe(1_000);
    // 2.9% of £300,000 = £8,700 + 1,000 × £0.30
    expect(large.plans[0]?.cards).toBe(900_000);
    expect(large.plans[0]?.cards).not.toBe(small.plans[0]?.cards);
  });

  it('gives the Enterprise floor and flags custom pricing from £500k', () => {
    expect(estimateMonthlyCost('100-500k', '0-50')).toMatchObject({ enterpriseFromPence: 420_000, customPricingApplies: false });
    expect(estimateMonthlyCost('500k+', '500+')).toMatchObject({
      volumePence: 75_000_000,
      transactions: 1_000,
      enterpriseFromPence: 1_050_000,
      customPricingApplies: true });
  });

  it('never estimates fewer than one transaction', () => {
    // £5,000 at an average of £750 is 6.67 → 7 payments
    expect(estimateMonthlyCost('0-10k', '500+').transactions).toBe(7);
  });

  it('rejects an unknown band', () => {
    expect(() => estimateMonthlyCost('1m', '0-50')).toThrow('Unknown band 1m');
  });
});
