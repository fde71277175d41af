/** Header navigation (spec §2 "Shared header and footer"). */
export const NAV_LINKS = [
  { label: 'Products', to: '/products' },
  { label: 'Developers', to: '/developers' },
  { label: 'Guides', to: '/guides' },
  { label: 'Pricing', to: '/pricing' },
] as const;

/** Swagger UI served by the backend; always opened in a new tab. */
export const API_DOCS_URL = '/api/documentation';
