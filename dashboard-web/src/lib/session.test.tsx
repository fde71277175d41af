import '@testing-library/jest-dom/jest-globals';
import { act, useLayoutEffect } from 'react';
import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { focusManager, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { ENVIRONMENT_HEADER } from '@tallyline/contracts/environment-header';
import { calls } from '../../test/dashboard';
import { jsonResponse, mockFetch } from '../../test/fetch';
import { apiRequest } from './api';
import { setAuthToken } from './auth-token';
import { createQueryClient } from './query-client';
import { useCurrentMerchant } from './session';

/** What the tab showed, render after render: "badge / list" ("-" for nothing yet). */
let shown: string[] = [];

/** The badge and a dashboard list, as the dashboard shows them. */
function BadgeAndList() {
  const { merchant } = useCurrentMerchant();
  const list = useQuery({ queryKey: ['dashboard', 'transactions'], queryFn: () => apiRequest<{ environment: string }>('/api/transactions'), enabled: Boolean(merchant) });
  const text = `${merchant?.environment ?? '-'} / ${list.data?.environment ?? '-'}`;
  useLayoutEffect(() => void shown.push(text), [text]);
  return <p data-testid="shown">{text}</p>;
}

/** Never one environment's list under the other's badge. */
const mismatched = () => shown.filter((text) => text === 'staging / production' || text === 'production / staging');

describe('the current merchant in a tab whose environment was switched in another', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  let server: 'staging' | 'production';
  beforeEach(() => {
    localStorage.clear();
    setAuthToken('token');
    shown = [];
    server = 'staging';
    fetchMock = mockFetch();
    // As the API answers: the environment-scoped answers name theirs in Tallyline-Environment. The list takes
    // longer than the merchant, as a real list does: long enough for a render in between.
    const later = (ms: number, response: Response) => new Promise<Response>((resolve) => setTimeout(() => resolve(response), ms));
    fetchMock.mockImplementation((input) => {
      const path = (input as string).split('?')[0];
      const scoped = (body: unknown) => {
        const response = jsonResponse(200, body);
        response.headers.set(ENVIRONMENT_HEADER, server);
        return response;
      };
      if (path === '/api/auth/user') return Promise.resolve(jsonResponse(200, { id: 'u1', email: 'a@b.test' }));
      if (path === '/api/merchants/current') return later(5, scoped({ id: 'm1', environment: server }));
      if (path === '/api/transactions') return later(40, scoped({ environment: server }));
      return Promise.resolve(jsonResponse(404, { message: 'no answer' }));
    });
  });

  it('shows a dashboard answer served for the other environment under that environment’s badge only', async () => {
    const client = createQueryClient();
    render(<QueryClientProvider client={client}><BadgeAndList /></QueryClientProvider>);
    await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent('staging / staging'));
    server = 'production';
    // A refund (or a filter, a page) fetches the list again: it is production's now, so must the badge be.
    await act(() => client.invalidateQueries({ queryKey: ['dashboard'] }));
    await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent('production / production'));
    expect(mismatched()).toEqual([]);
    // The badge changed without another fetch of the merchant: the list's answer said it.
    expect(calls(fetchMock).filter((call) => call === 'GET /api/merchants/current')).toHaveLength(1);
  });

  it('is fetched again when the window regains focus, the dashboard data dropped with the old badge', async () => {
    const client = createQueryClient();
    render(<QueryClientProvider client={client}><BadgeAndList /></QueryClientProvider>);
    await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent('staging / staging'));
    server = 'production';
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent('production / production'));
    expect(mismatched()).toEqual([]);
    expect(calls(fetchMock).filter((call) => call === 'GET /api/merchants/current').length).toBeGreaterThanOrEqual(2);
  });

  it('changes nothing while the answers are the badge’s environment', async () => {
    const client = createQueryClient();
    render(<QueryClientProvider client={client}><BadgeAndList /></QueryClientProvider>);
    await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent('staging / staging'));
    await act(() => client.invalidateQueries({ queryKey: ['dashboard'] }));
    expect(shown).toEqual(['- / -', 'staging / -', 'staging / staging']);
    expect(calls(fetchMock).filter((call) => call === 'GET /api/transactions')).toHaveLength(2);
  });
});
