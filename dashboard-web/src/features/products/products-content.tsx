import type { ReactNode } from 'react';
import Payments from '@mui/icons-material/Payments';
import GppGood from '@mui/icons-material/GppGood';
import BarChart from '@mui/icons-material/BarChart';
import Code from '@mui/icons-material/Code';
import Language from '@mui/icons-material/Language';

export interface Solution {
  icon: ReactNode;
  title: string;
  text: string;
  points: string[];
}

export const SOLUTIONS: Solution[] = [
  {
    icon: <Payments fontSize="large" color="primary" aria-hidden />,
    title: 'Payment processing',
    text: 'Cards, digital wallets and bank transfers through one integration, processed in real time.',
    points: ['Visa, Mastercard, American Express', 'Apple Pay and Google Pay', 'Bank transfers', 'Processing under 300 ms'],
  },
  {
    icon: <GppGood fontSize="large" color="primary" aria-hidden />,
    title: 'Fraud protection',
    text: 'Every payment is scored before it is approved, and risky ones are challenged.',
    points: ['Risk scoring on every payment', '3D Secure authentication', 'Chargeback prevention', 'PCI DSS Level 1'],
  },
  {
    icon: <BarChart fontSize="large" color="primary" aria-hidden />,
    title: 'Analytics dashboard',
    text: 'Revenue, success rates and payment-method mix for every environment, as it happens.',
    points: ['Real-time revenue and volume', 'Transaction search and refunds', 'Staging and production views', 'Payment-method breakdown'],
  },
];

export const API_AND_COVERAGE: Solution[] = [
  {
    icon: <Code fontSize="large" color="primary" aria-hidden />,
    title: 'API integration',
    text: 'A REST API with JSON everywhere, secret API keys per environment and signed webhooks.',
    points: ['Test keys (sk_test_…) and live keys (sk_live_…)', 'Idempotent payment creation', 'Webhooks on every status change', 'Fiat-to-crypto payments (BTC, ETH, USDT)'],
  },
  {
    icon: <Language fontSize="large" color="primary" aria-hidden />,
    title: 'Global coverage',
    text: 'Sell abroad without opening local accounts in every market.',
    points: ['100+ currencies', '40+ countries', '99.99% uptime SLA', 'Start accepting payments in 24 hours'],
  },
];

export const ENTERPRISE_FEATURES = [
  { title: 'White-label platform', text: 'Offer payments under your own brand to the businesses on your platform.' },
  { title: 'Custom pricing', text: 'Volume-based rates from 1.4% for merchants processing £500k+ a month.' },
  { title: 'Dedicated support', text: 'A named account manager and a direct line to our payments engineers.' },
  { title: 'Uptime SLA', text: '99.99% availability backed by a service-level agreement.' },
];

export const SALES_EMAIL = 'sales@tallyline.com';
