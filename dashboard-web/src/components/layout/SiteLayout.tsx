import { Suspense } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { Outlet } from 'react-router';
import { Footer } from './Footer';
import { Header, visuallyHidden } from './Header';
import { CookieConsentBanner } from '../cookie-consent';

function PageLoading() {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}

/**
 * Header, the page in the one `<main>` landmark, footer. Pages render their content only
 * (no `<main>` of their own) and start with an h1.
 */
export function SiteLayout() {
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
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <CookieConsentBanner />
    </Box>
  );
}
