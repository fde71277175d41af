import '@testing-library/jest-dom/jest-globals';
import { act } from 'react';
import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { focusManager, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { answerBy, calls } from '../../test/dashboard';
import { mockFetch } from '../../test/fetch';
import { apiRequest } from './api';
import { setAuthToken } from './auth-token';
import { createQueryClient } from './query-client';
import { useCurrentMerchant } from './session';

/** The badge and a dashboard list, as the dashboard shows them. */
function BadgeAndList() {
  const { merchant } = useCurrentMerchant();
  const list = useQuery({ queryKey: ['dashboard', 'transactions'], queryFn: () => apiRequest<{ environment: string }>('/api/transactions'), enabled: Boolean(merchant) });
  return <p data-testid="shown">{`${merchant?.environment ?? '-'} / ${list.data?.environment ?? '-'}`}</p>;
}

describe('the current merchant in a tab whose environment was switched in another', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  let server: 'staging' | 'production';
  beforeEach(() => {
    localStorage.clear();
    setAuthToken('token');
    server = 'staging';
    fetchMock = mockFetch();
    answerBy(fetchMock, {
      'GET /api/auth/user': [200, { id: 'u1', email: 'a@b.test' }],
      'GET /api/merchants/current': () => [200, { id: 'm1', environment: server }],
      'GET /api/transactions': () => [200, { environment: server }],
    });
  });

  it('is fetched again with the dashboard data, and the data again when the environment changed', async () => {
    const client = createQueryClient();
    render(<QueryClientProvider client={client}><BadgeAndList /></QueryClientProvider>);
    await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent('staging / staging'));
    server = 'production';
    // A refund (or any change) refetches the list: it is production's now, so must the badge be.
    await act(() => client.invalidateQueries({ queryKey: ['dashboard'] }));
    await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent('production / production'));
  });

  it('is fetched again when the window regains focus, and the dashboard data with it', async () => {
    const client = createQueryClient();
    render(<QueryClientProvider client={client}><BadgeAndList /></QueryClientProvider>);
    await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent('staging / staging'));
    server = 'production';
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent('production / production'));
    expect(calls(fetchMock).filter((call) => call === 'GET /api/merchants/current').length).toBeGreaterThanOrEqual(2);
  });
});
