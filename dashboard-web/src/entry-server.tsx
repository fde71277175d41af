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

export { CLIENT_ONLY_ROUTES, PRERENDERED_ROUTES } from './page-routes';

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
