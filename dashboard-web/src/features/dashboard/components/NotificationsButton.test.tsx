import '@testing-library/jest-dom/jest-globals';
import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Transaction, WebhookEndpoint } from '@tallyline/contracts';
import { mockFetch } from '../../../../test/fetch';
import { answerBy, renderTab } from '../../../../test/dashboard';
import { NotificationsButton } from './NotificationsButton';

const disputed = (id: string, customerName: string) =>
  ({ id, amount: '83.62', currency: 'GBP', status: 'disputed', customerName, customerEmail: 'x@example.com', createdAt: '2026-11-20T10:00:00Z' }) as unknown as Transaction;
const endpoint = (id: string, enabled: boolean, disabledReason: string | null) =>
  ({ id, url: `https://shop.example/hooks/${id}`, enabled, disabledReason }) as unknown as WebhookEndpoint;

describe('NotificationsButton', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });

  const render = (payments: Transaction[], endpoints: WebhookEndpoint[], nextCursor: string | null = null) => {
    answerBy(fetchMock, {
      'GET /api/transactions': [200, { data: payments, nextCursor }],
      'GET /api/webhook-endpoints': [200, endpoints],
    });
    renderTab(<NotificationsButton />, '/dashboard/overview');
  };

  it('lists disputed payments and the endpoints we disabled, each linking to where it is dealt with', async () => {
    render([disputed('p-1', 'Ann Smith')], [endpoint('we-1', false, 'Failing for 5 days'), endpoint('we-2', false, null), endpoint('we-3', true, null)]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (2)' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Payment disputed£83.62 from Ann Smith, Nov 20, 2026', 'Webhook endpoint disabledhttps://shop.example/hooks/we-1']);
    expect(items[0]).toHaveAttribute('href', '/dashboard/transactions?status=disputed&view=p-1');
    expect(items[1]).toHaveAttribute('href', '/dashboard/settings?endpoint=we-1');
    // The one the merchant turned off is their choice, not a notice.
    expect(screen.queryByText('https://shop.example/hooks/we-2')).not.toBeInTheDocument();
  });

  it('asks for disputed payments only, and links to all of them when there are more', async () => {
    render(Array.from({ length: 5 }, (_, i) => disputed(`p-${i}`, `Customer ${i}`)), [], 'next');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (5+)' }));
    expect(await screen.findByRole('menuitem', { name: 'See all disputed payments' })).toHaveAttribute('href', '/dashboard/transactions?status=disputed');
    const asked = fetchMock.mock.calls.map(([url]) => (typeof url === 'string' ? url : '')).find((url) => url.includes('/api/transactions'));
    expect(asked).toContain('status=disputed');
  });

  it('says all is well when nothing needs the merchant', async () => {
    render([], [endpoint('we-3', true, null)]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (none)' }));
    expect(await screen.findByText('You’re all caught up')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /disputed/ })).not.toBeInTheDocument();
  });
});
