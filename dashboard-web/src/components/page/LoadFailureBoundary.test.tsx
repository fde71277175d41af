import '@testing-library/jest-dom/jest-globals';
import { describe, expect, it, jest } from '@jest/globals';
import { lazy, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { LoadFailureBoundary } from './LoadFailureBoundary';

const Unreachable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/AnalyticsTab.js')));

describe('LoadFailureBoundary', () => {
  it('says the page could not be loaded instead of a blank app, and lets the next page show', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    const page = (resetKey: string, content: React.ReactNode) => (
      <LoadFailureBoundary resetKey={resetKey}>
        <Suspense fallback={<p>Loading…</p>}>{content}</Suspense>
      </LoadFailureBoundary>
    );
    const { rerender } = render(page('/dashboard/analytics', <Unreachable />));
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection, then reload the page.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    rerender(page('/dashboard/transactions', <h1>Transactions</h1>));
    expect(await screen.findByRole('heading', { name: 'Transactions' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
