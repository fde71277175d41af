// Zod-free, so the browser entry (browser.ts) can offer it without the schemas.

export const BUSINESS_TYPES = ['E-commerce', 'SaaS', 'Marketplace', 'Retail', 'Other'] as const;
