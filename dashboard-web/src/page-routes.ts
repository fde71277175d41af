/** Every page of routes.tsx is in one of these lists (page-routes.test.ts checks). */

/**
 * The pages prerendered, with the module routes.tsx loads lazily for each (its chunk is preloaded from
 * the page's HTML). Pages behind sign-in, or showing one record, are rendered in the browser only.
 */
export const PRERENDERED_ROUTES: Record<string, string> = {
  '/': 'src/features/home/routes/HomePage.tsx',
  '/products': 'src/features/products/routes/ProductsPage.tsx',
  '/developers': 'src/features/developers/routes/DevelopersPage.tsx',
  '/pricing': 'src/features/pricing/routes/PricingPage.tsx',
  '/status': 'src/features/status/routes/StatusPage.tsx',
  '/community': 'src/features/community/routes/CommunityPage.tsx',
  '/guides': 'src/features/guides/routes/GuidesPage.tsx',
  '/api': 'src/features/api-docs/routes/ApiDocsPage.tsx',
  '/privacy': 'src/features/legal/routes/PrivacyPage.tsx',
  '/terms': 'src/features/legal/routes/TermsPage.tsx',
  '/cookies': 'src/features/legal/routes/CookiesPage.tsx',
  '/security': 'src/features/legal/routes/SecurityPage.tsx',
  '/compliance': 'src/features/legal/routes/CompliancePage.tsx',
  '/aml-policy': 'src/features/legal/routes/AmlPolicyPage.tsx',
  '/register': 'src/features/auth/routes/RegisterPage.tsx',
  '/merchant-register': 'src/features/auth/routes/MerchantRegisterPage.tsx',
  '/login': 'src/features/auth/routes/LoginPage.tsx',
  '/merchant-application': 'src/features/applications/routes/LongApplicationPage.tsx',
  '/merchant-application/form': 'src/features/applications/routes/PrecheckApplicationPage.tsx',
};

/**
 * The pages rendered in the browser only (behind sign-in, or showing one record), as wouter patterns.
 * With PRERENDERED_ROUTES they are every page of routes.tsx: the build writes this list
 * to dist/.client-only-routes.json, and the server answers a path that is neither 404 (with the app's
 * not-found page), so a mistyped or stale link is a 404 to browsers, crawlers and link checkers alike.
 */
export const CLIENT_ONLY_ROUTES = ['/pay/:id', '/crypto-payments', '/crypto-payments/:id', '/client-api-test', '/dashboard/:tab?', '/merchant-application/success', '/forgot-password', '/reset-password'];
