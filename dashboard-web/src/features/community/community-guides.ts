export interface CommunityGuide {
  id: string;
  title: string;
  summary: string;
  steps: string[];
  /** Where the full walk-through lives. */
  link: { label: string; to: string };
}

export const COMMUNITY_GUIDES: CommunityGuide[] = [
  {
    id: 'onboarding',
    title: 'Merchant onboarding',
    summary: 'From application to your first live payment.',
    steps: [
      'Apply online with your company details and documents.',
      'Our compliance team reviews your application in 24-48 hours (3-5 business days for complex cases).',
      'Build and test your integration in staging with sk_test_ keys.',
      'Switch your environment to production and use your sk_live_ key.',
    ],
    link: { label: 'Apply as Merchant', to: '/merchant-application' },
  },
  {
    id: 'api-integration',
    title: 'API integration',
    summary: 'Create payments from your server and follow them with webhooks.',
    steps: [
      'Authenticate with your secret API key as a Bearer token.',
      'POST /api/client/payments with amount, currency and customer details.',
      'Redirect the customer to the returned payment URL when one is given.',
      'Listen for webhooks and confirm the final status before fulfilling the order.',
    ],
    link: { label: 'Payment Integration guide', to: '/guides?guide=payment-integration' },
  },
  {
    id: 'security',
    title: 'Security best practices',
    summary: 'Keep keys, webhooks and customer data safe.',
    steps: [
      'Keep secret keys on your server only; never ship them to browsers or apps.',
      'Verify every webhook signature against the raw body before trusting it.',
      'Rotate a key at once if it may have leaked.',
      'Use 3D Secure and check the transaction status server-side after redirects.',
    ],
    link: { label: '3D Secure guide', to: '/guides?guide=3d-secure' },
  },
  {
    id: 'plugins',
    title: 'Platform plugins',
    summary: 'Accept payments on popular e-commerce platforms: WooCommerce, Shopify, Magento and PrestaShop.',
    steps: [
      'WooCommerce: install the plugin from the WordPress dashboard and paste your API key under Payments.',
      'Shopify: add Tallyline as a payment provider in your store settings.',
      'Magento: install the extension with Composer and configure it under Stores › Configuration.',
      'PrestaShop: upload the module in the Module Manager and enter your API key.',
    ],
    link: { label: 'Quick Start guide', to: '/guides?guide=quick-start' },
  },
];
