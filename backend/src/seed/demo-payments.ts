import type { PaymentMethodType } from '@tallyline/contracts';

export const DEMO_PAYMENT_COUNT = 300;
const DAY_MS = 86_400_000;

/** The sandbox's test cards, by the outcome each gives. */
const CARDS = {
  visa: '4111111111111111',
  mastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  invalidDetails: '4000000000000127',
} as const;

export interface DemoPayment {
  /** The Idempotency-Key: a repeated seed lands on the same payment. */
  key: string;
  at: Date;
  input: {
    amount: number;
    currency: string;
    customerEmail: string;
    customerName: string;
    orderId: string;
    paymentMethod: PaymentMethodType;
    description: string | null;
    returnUrl: null;
    customerCountry: string;
  };
  /** null: left pending, as an abandoned checkout. */
  card: string | null;
  refund: 'none' | 'partial' | 'full';
}

const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson', 'Tim Berners-Lee', 'Margaret Hamilton', 'Edsger Dijkstra', 'Barbara Liskov'];
const COUNTRIES = ['GB', 'GB', 'GB', 'IE', 'FR', 'DE', 'US', 'NL'];
const ITEMS = ['Coffee beans 1 kg', 'Espresso cups', 'Grinder', 'Subscription box', 'Gift card', null];

/**
 * A believable history for the demo merchant, the same on every run: spread over the last 90 days,
 * mostly approved cards, some declines of each kind, a few abandoned, a few refunds (some partial).
 */
export function demoPayments(now: Date, count = DEMO_PAYMENT_COUNT): DemoPayment[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const name = NAMES[i % NAMES.length] ?? 'Demo Customer';
    const roll = (n * 37) % 100;
    const card =
      roll < 3 ? null
      : roll < 10 ? CARDS.declined
      : roll < 14 ? CARDS.insufficientFunds
      : roll < 17 ? CARDS.invalidDetails
      : roll < 45 ? CARDS.mastercard
      : CARDS.visa;
    const approved = card === CARDS.visa || card === CARDS.mastercard;
    const refund = !approved ? 'none' : n % 29 === 0 ? 'full' : n % 31 === 0 ? 'partial' : 'none';
    return {
      key: `demo-payment-${n}`,
      // Oldest first, about three a day, at varied hours.
      at: new Date(now.getTime() - Math.round(((count - i) / count) * 90 * DAY_MS) + ((n * 7_919_000) % DAY_MS) / 4),
      input: {
        amount: 500 + ((n * 7_919) % 24_500),
        currency: n % 10 === 0 ? 'EUR' : n % 15 === 0 ? 'USD' : 'GBP',
        customerEmail: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${n}@example.com`,
        customerName: name,
        orderId: `DEMO-${String(n).padStart(5, '0')}`,
        paymentMethod: n % 9 === 0 ? 'digital_wallet' : 'credit_card',
        description: ITEMS[n % ITEMS.length] ?? null,
        returnUrl: null,
        customerCountry: COUNTRIES[n % COUNTRIES.length] ?? 'GB',
      },
      card,
      refund,
    };
  });
}
