import type { ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { theme } from './lib/theme';
import { ScrollToTopOnNavigation } from './components/scroll/ScrollToTopOnNavigation';
import { ToastProvider } from './components/toast';
import { AppRoutes } from './routes';

/**
 * Everything around the router; the build's prerender (entry-server.tsx) renders the routes at a given path instead.
 * react-query's provider is not here: what queries is loaded with it (lib/lazy-with-queries.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}

export function App() {
  return (
    <AppProviders>
      {/* wouter reads the browser's address (no router element needed): a navigation renders in the same pass as
          a session change, so signing out lands on / and not on the dashboard guard's /login. */}
      <ScrollToTopOnNavigation />
      <AppRoutes />
    </AppProviders>
  );
}
