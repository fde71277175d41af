import { lazy, Suspense, useState } from 'react';
import { Box, Button, Container, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { ALL_ACCEPTED, ESSENTIAL_ONLY, saveConsent, useCookieConsent } from './consent-store';

// Loaded when the visitor chooses Customise: a dialog (MUI's Modal) and switches no page needs before.
const CookiePreferencesDialog = lazy(() => import('./CookiePreferencesDialog').then((module) => ({ default: module.CookiePreferencesDialog })));

/** Shown on every page until the visitor makes a choice; the choice is kept in localStorage. */
export function CookieConsentBanner() {
  const consent = useCookieConsent();
  const [customising, setCustomising] = useState(false);
  // Mounted from the first opening on, so that closing plays the dialog's exit transition.
  const [dialogUsed, setDialogUsed] = useState(false);
  if (consent) return null;

  return (
    <>
      {/* Room after the footer, so the fixed banner never hides the end of the page. */}
      <Box aria-hidden sx={{ height: { xs: 300, sm: 220, md: 120 }, flexShrink: 0 }} />
      <Paper
        component="section"
        aria-labelledby="cookie-banner-title"
        data-testid="cookie-banner"
        // Above the page and its sticky header, below drawers and dialogs (the mobile menu stays usable).
        elevation={8}
        square
        sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (theme) => theme.zIndex.appBar + 1, borderTop: 1, borderColor: 'divider', py: 2 }}
      >
        <Container maxWidth="lg">
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <Box sx={{ flexGrow: 1 }}>
              <Typography id="cookie-banner-title" component="h2" sx={{ fontWeight: 700, fontSize: 16 }}>
                Cookies on Tallyline
              </Typography>
              <Typography variant="body2" color="text.secondary">
                We use essential cookies to run the site and, with your permission, functional, analytics and marketing
                cookies. Read our{' '}
                <Link component={RouterLink} to="/cookies">Cookie Policy</Link>.
              </Typography>
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexShrink: 0 }}>
              <Button
                variant="outlined"
                onClick={() => {
                  setDialogUsed(true);
                  setCustomising(true);
                }}
              >
                Customise
              </Button>
              <Button variant="outlined" onClick={() => saveConsent(ESSENTIAL_ONLY)}>Reject non-essential</Button>
              <Button variant="contained" disableElevation onClick={() => saveConsent(ALL_ACCEPTED)}>Accept all</Button>
            </Stack>
          </Stack>
        </Container>
      </Paper>
      {dialogUsed && (
        <Suspense fallback={null}>
          <CookiePreferencesDialog open={customising} onClose={() => setCustomising(false)} />
        </Suspense>
      )}
    </>
  );
}
