/** The tabs of /api other than Overview: loaded when the visitor reaches for the tab list (routes/ApiDocsPage.tsx). */
export { AuthTab } from './AuthTab';
export { PaymentsTab } from './PaymentsTab';
export { CryptoTab } from './CryptoTab';
export { WebhooksTab } from './WebhooksTab';
export { ExamplesTab } from './ExamplesTab';
