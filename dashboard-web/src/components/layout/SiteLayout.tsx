import { Suspense, useEffect, type ReactNode } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useLocation } from 'wouter';
import { LoadFailureBoundary } from '../page/LoadFailureBoundary';
import { Footer } from './Footer';
import { Header, visuallyHidden } from './Header';
import { CookieConsentBanner } from '../cookie-consent/CookieConsentBanner';
import { enablePrerenderedControls } from '../../lib/prerendered-controls';

function PageLoading() {
  // A screen tall, so the footer stays below the fold while a page loads instead of jumping down when it arrives.
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', justifyContent: 'center', py: 10, minHeight: '100vh' }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}

/**
 * Prerendered pages come with their form controls disabled (scripts/prerender.mjs). Rendered beside the
 * page, inside its Suspense boundary, this enables them once the page itself is hydrated.
 */
function EnablePrerenderedControls() {
  useEffect(() => enablePrerenderedControls(document), []);
  return null;
}

/**
 * Header, the page in the one `<main>` landmark, footer. Pages render their content only
 * (no `<main>` of their own) and start with an h1.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{ ...visuallyHidden, '&:focus': { position: 'fixed', top: 8, left: 8, width: 'auto', height: 'auto', clip: 'auto', p: 1.5, bgcolor: 'background.paper', zIndex: 2000, borderRadius: 1, boxShadow: 3 } }}
      >
        Skip to main content
      </Box>
      <Header />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <LoadFailureBoundary resetKey={path}>
          <Suspense fallback={<PageLoading />}>
            {children}
            <EnablePrerenderedControls />
          </Suspense>
        </LoadFailureBoundary>
      </Box>
      <Footer />
      <CookieConsentBanner />
    </Box>
  );
}
