export const INCLUDED_FEATURES = [
  'Fraud scoring and 3D Secure on every card payment',
  'Merchant dashboard with real-time analytics',
  'Staging environment with test keys and test cards',
  'REST API, webhooks and developer guides',
  'PCI DSS Level 1 card data handling',
  'Refunds from the dashboard or the API',
];

export const REASONS = [
  { title: 'Transparent fees', text: 'One rate per method, published here. You pay only for successful transactions.' },
  { title: 'Fast settlement', text: 'From T+4 on Starter down to T+1 on Scale, with express settlement when you need it.' },
  { title: 'Reliable', text: '99.99% uptime SLA and processing in under 300 ms.' },
  { title: 'Secure by default', text: 'PCI DSS Level 1, 256-bit SSL and 3D Secure without extra work.' },
];

export const ENTERPRISE_BENEFITS = [
  { title: 'Custom rates from 1.4%', text: 'Pricing built around your volume, methods and risk profile once you process £500k+ a month.' },
  { title: 'White-label and platforms', text: 'Offer payments to your own merchants under your brand, with sub-merchant onboarding.' },
  { title: 'Dedicated account manager', text: 'One contact who knows your integration, plus priority engineering support.' },
  { title: '99.99% uptime SLA', text: 'A contractual service level with credits if we miss it.' },
  { title: 'Flexible settlement', text: 'Settlement schedules and currencies agreed with you.' },
  { title: 'Custom reporting', text: 'Reports shaped to your finance team, exported on your schedule.' },
];

export const SALES_EMAIL = 'sales@tallyline.com';
