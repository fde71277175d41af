import type { Rate } from './money';

/**
 * The pricing constants of the public spec §9, shared by the pricing page, its calculator and the
 * solutions page's Starter teaser. Settlement "T+n" means funds reach the merchant n business days
 * after the transaction day.
 */
export interface StandardPlan {
  id: 'starter' | 'professional' | 'scale';
  name: string;
  audience: string;
  /** UK & EU cards; also the headline rate and, on the pricing page, the digital-wallet rate. */
  cards: Rate;
  /** International cards and American Express. */
  international: Rate;
  bankTransfers: Rate;
  settlement: string;
  features: string[];
  highlighted?: boolean;
}

export const STANDARD_PLANS: [StandardPlan, ...StandardPlan[]] = [
  {
    id: 'starter',
    name: 'Starter',
    audience: 'For new and growing businesses',
    cards: { bps: 290, fixedPence: 30 },
    international: { bps: 340, fixedPence: 30 },
    bankTransfers: { bps: 80, fixedPence: 50 },
    settlement: 'T+4',
    features: ['Cards, wallets and bank transfers', 'Fraud scoring and 3D Secure', 'Dashboard and REST API', 'E-mail support'] },
  {
    id: 'professional',
    name: 'Professional',
    audience: 'For established online businesses',
    cards: { bps: 240, fixedPence: 25 },
    international: { bps: 290, fixedPence: 25 },
    bankTransfers: { bps: 80, fixedPence: 40 },
    settlement: 'T+2',
    features: ['Everything in Starter', 'Chargeback prevention tools', 'Advanced analytics', 'Priority support'],
    highlighted: true },
  {
    id: 'scale',
    name: 'Scale',
    audience: 'For high-volume merchants',
    cards: { bps: 190, fixedPence: 20 },
    international: { bps: 240, fixedPence: 20 },
    bankTransfers: { bps: 80, fixedPence: 30 },
    settlement: 'T+1',
    features: ['Everything in Professional', 'Multi-currency settlement', 'Dedicated onboarding', 'Phone support'] },
];

/** Enterprise pricing is quoted per merchant; the spec gives only its floor and when it applies. */
export const ENTERPRISE = {
  name: 'Enterprise',
  audience: 'For platforms and large merchants',
  fromBps: 140,
  /** Custom pricing applies from £500k of monthly volume. */
  thresholdPence: 50_000_000,
  features: ['Custom rates from 1.4%', 'White-label and platform options', 'Dedicated account manager', '99.99% uptime SLA'] };

/**
 * The community FAQ quotes other fees than the pricing page (spec §9 "Conflict on fees"). Both
 * readings stand, so pages that show these methods show both.
 */
export const FAQ_RATES = {
  bankTransfers: { bps: 150, fixedPence: 20 },
  digitalWallets: { bps: 340, fixedPence: 30 },
  crypto: { bps: 180, fixedPence: 25 } } satisfies Record<string, Rate>;

export const ADDITIONAL_FEES = [
  { name: 'Chargeback protection', price: '£15 per case' },
  { name: 'Currency conversion', price: '+0.5% FX fee' },
  { name: 'Express settlement', price: '1% per transfer' },
  { name: 'Custom reporting', price: '£200 setup' },
];

export const STARTER_PLAN = STANDARD_PLANS[0];
