import type { FaqItem } from './community-types';

export const FAQ: FaqItem[] = [
  {
    id: 'faq-review',
    question: 'How long does it take to get approved?',
    answer: 'Merchant applications are reviewed in 24-48 hours. Complex or high-risk applications can take 3-5 business days. After approval you can switch your account between the staging and production environments.',
    category: 'onboarding',
    popularity: 94,
  },
  {
    id: 'faq-documents',
    question: 'Which documents do I need to apply?',
    answer: 'A photo ID, proof of residence less than 3 months old, 3 months of bank statements, director signature authorisation, your company registration and your VAT or tax certificate.',
    category: 'onboarding',
    popularity: 91,
  },
  {
    id: 'faq-fees',
    question: 'What are your fees?',
    answer: 'Cards start at 2.9% + £0.30 per successful transaction on the Starter plan. Bank transfers cost 1.5% + £0.20, digital wallets 3.4% + £0.30 and crypto payments 1.8% + £0.25. Note that the pricing page lists bank transfers from 0.8% + £0.50 and wallets at the card rate; we confirm your exact rates before you go live.',
    category: 'pricing',
    popularity: 88,
  },
  {
    id: 'faq-refunds',
    question: 'How long do refunds take?',
    answer: 'Refunds take 5-10 business days to reach your customer, depending on their bank. You can refund a completed payment from the dashboard or through the API.',
    category: 'payments',
    popularity: 86,
  },
  {
    id: 'faq-methods',
    question: 'Which payment methods can I accept?',
    answer: 'Credit and debit cards (Visa, Mastercard, American Express), digital wallets, bank transfers, and fiat-to-crypto payments in BTC, ETH and USDT.',
    category: 'payments',
    popularity: 83,
  },
  {
    id: 'faq-sandbox',
    question: 'Can I test without real money?',
    answer: 'Yes. Every account has a staging environment with test API keys (sk_test_…) and test card numbers for approved, declined, insufficient-funds and 3-D Secure outcomes. See the Testing & Staging guide.',
    category: 'technical',
    popularity: 90,
  },
  {
    id: 'faq-security',
    question: 'Is Tallyline PCI compliant?',
    answer: 'Yes. Tallyline is PCI DSS Level 1 compliant, all traffic uses 256-bit SSL, and card payments support 3D Secure. Card numbers are tokenised in the browser, so they never touch your servers.',
    category: 'security',
    popularity: 79,
  },
  {
    id: 'faq-uptime',
    question: 'What uptime do you guarantee?',
    answer: 'We offer a 99.99% uptime SLA, and typical payment processing takes under 300 ms. Live service health is published on our status page.',
    category: 'general',
    popularity: 74,
  },
];
