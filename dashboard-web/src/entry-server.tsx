/**
 * Build-time prerender (scripts/prerender.mjs, after `vite build`): each public page rendered to HTML with
 * its critical CSS, so the browser paints the page from the HTML alone and React then hydrates it
 * (main.tsx). Lighthouse's mobile run (slow 4G, 4× CPU) otherwise waits for every script before the first
 * paint. Not in the browser bundle.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { AppProviders } from './App';
import { AppRoutes } from './routes';

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

/** The page's markup (its lazy page included) and the style tags it needs. */
export async function renderPage(path: string): Promise<{ html: string; styles: string }> {
  const cache = createCache({ key: 'css' });
  const emotionServer = createEmotionServer(cache);
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders>
          <Router ssrPath={path}>
            <AppRoutes />
          </Router>
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
    // React writes a Suspense boundary larger than this out of order, revealed by an inline script, which
    // the CSP (script-src 'self') blocks: every page is written in place instead.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER, onError: (error) => console.error(path, error) },
  );
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`${path}: the prerendered markup has inline scripts, which the CSP blocks`);
  return { html, styles: emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(html)) };
}
