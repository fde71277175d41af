import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Route, Router, Switch, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ToastProvider } from '../src/components/toast';

/** Renders a page inside the app's providers at `path`; other routes show their path so navigation is visible. */
export function renderPage(element: ReactElement, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <Router hook={memoryLocation({ path }).hook}>
          <Switch>
            <Route path={path}>{element}</Route>
            <Route><LocationProbe /></Route>
          </Switch>
        </Router>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

function LocationProbe() {
  return <p data-testid="location">{useLocation()[0]}</p>;
}
