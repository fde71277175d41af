import type { ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { BrowserRouter } from 'react-router';
import { theme } from './lib/theme';
import { ToastProvider } from './components/toast';
import { AppRoutes } from './routes';

/**
 * Everything around the router; the build's prerender (entry-server.tsx) puts a StaticRouter inside instead.
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
      {/* Navigations render in the same pass as session changes, so signing out lands on / and not on the dashboard guard's /login. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
