import type { ReactNode } from 'react';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Public from '@mui/icons-material/Public';
import Insights from '@mui/icons-material/Insights';
import CreditCard from '@mui/icons-material/CreditCard';
import AccountBalance from '@mui/icons-material/AccountBalance';
import Wallet from '@mui/icons-material/AccountBalanceWallet';

export interface IconCard {
  icon: ReactNode;
  title: string;
  text: string;
}

export const FEATURES: IconCard[] = [
  {
    icon: <VerifiedUser fontSize="large" color="primary" aria-hidden />,
    title: 'PCI Level 1 compliant',
    text: 'Card data is handled to PCI DSS Level 1, the highest standard, with fraud scoring, 3D Secure and chargeback prevention built in.',
  },
  {
    icon: <Public fontSize="large" color="primary" aria-hidden />,
    title: 'Global reach',
    text: 'Accept payments in 120+ currencies across 30+ countries and settle in the currency that suits your business.',
  },
  {
    icon: <Insights fontSize="large" color="primary" aria-hidden />,
    title: 'Real-time analytics',
    text: 'Follow revenue, success rates and payment methods as they happen in your merchant dashboard.',
  },
];

export const PAYMENT_METHODS: IconCard[] = [
  {
    icon: <CreditCard fontSize="large" sx={{ color: '#1f4fd1' }} aria-hidden />,
    title: 'Credit cards',
    text: 'Visa, Mastercard and American Express, with 3D Secure authentication where the card requires it.',
  },
  {
    icon: <AccountBalance fontSize="large" sx={{ color: '#0f766e' }} aria-hidden />,
    title: 'Bank transfers',
    text: 'Direct bank payments for larger orders and invoices, with lower fees than cards.',
  },
  {
    icon: <Wallet fontSize="large" sx={{ color: '#7c3aed' }} aria-hidden />,
    title: 'Digital wallets',
    text: 'Apple Pay and Google Pay for one-tap checkout on mobile and desktop.',
  },
];

/** Marketing figures only: they illustrate the dashboard and are labelled as sample data on the page. */
export const SAMPLE_ANALYTICS = [
  { label: 'Monthly volume', value: '£1,284,530', change: '+12.3%' },
  { label: 'Transactions', value: '24,816', change: '+5.7%' },
  { label: 'Success rate', value: '98.6%', change: '+0.3%' },
];
