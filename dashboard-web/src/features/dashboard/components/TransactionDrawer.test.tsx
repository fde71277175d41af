import '@testing-library/jest-dom/jest-globals';
import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Payment, PaymentTimelineEntry } from '@tallyline/contracts';
import { jsonResponse, mockFetch } from '../../../../test/fetch';
import { TransactionDrawer } from './TransactionDrawer';

const ID = '2b1c3d4e-0000-4000-8000-000000000001';
const payment: Payment = {
  id: ID,
  merchantId: 'm-1',
  amount: '50.00',
  currency: 'GBP',
  status: 'completed',
  paymentUrl: `http://localhost/pay/${ID}`,
  customerEmail: 'ann@example.com',
  customerName: 'Ann Smith',
  orderId: 'order-1',
  paymentMethod: 'credit_card',
  environment: 'staging',
  description: null,
  returnUrl: null,
  gatewayTransactionId: 'gw-1',
  refundedAmount: '15.00',
  createdAt: '2026-01-02T10:00:00Z',
};
const entry = (type: string, summary: string, actor: PaymentTimelineEntry['actor']): PaymentTimelineEntry => ({ id: `${type}-id`, position: '1', type, at: '2026-01-02T10:00:00Z', recordedAt: '2026-01-02T10:00:00Z', summary, actor });

const urlOf = (input: RequestInfo | URL) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

function renderDrawer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TransactionDrawer id={ID} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

/** Answers the payment and, for its events, `events` (a body or a status). */
function answer(fetchMock: jest.Mock<typeof fetch>, events: PaymentTimelineEntry[] | number) {
  fetchMock.mockImplementation((url) =>
    Promise.resolve(
      urlOf(url).endsWith('/events')
        ? typeof events === 'number' ? jsonResponse(events, { statusCode: events, message: 'Payment not found' }) : jsonResponse(200, events)
        : jsonResponse(200, payment),
    ),
  );
}

describe('TransactionDrawer timeline', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = mockFetch();
  });

  it('shows each event with who did it, oldest first', async () => {
    answer(fetchMock, [
      entry('PaymentCreated', 'Payment of £50.00 created for order order-1', { id: 'u1', email: 'owner@acme.test', role: 'merchant' }),
      entry('PaymentCompleted', 'Payment completed with Visa •••• 1111', { id: 'anonymous', email: null, role: 'visitor' }),
      entry('RefundCompleted', 'Refund of £15.00 completed', { id: 'sandbox', email: null, role: 'gateway' }),
    ]);
    renderDrawer();
    expect(screen.getByLabelText('Loading timeline')).toBeInTheDocument();
    // A screen reader announces the drawer by its heading.
    expect(screen.getByRole('dialog', { name: 'Transaction details' })).toBeInTheDocument();
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const items = await within(timeline).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Payment of £50\.00 created for order order-1.*owner@acme\.test$/),
      expect.stringMatching(/^Payment completed with Visa •••• 1111.*Customer \(payment page\)$/),
      expect.stringMatching(/^Refund of £15\.00 completed.*Payment gateway$/),
    ]);
    expect(requestedUrls(fetchMock)).toContain(`/api/transactions/${ID}/events`);
  });

  it('says so when the payment has no events', async () => {
    answer(fetchMock, []);
    renderDrawer();
    expect(await screen.findByText('No events recorded for this payment yet.')).toBeInTheDocument();
  });

  it('shows the error when the timeline cannot be loaded', async () => {
    answer(fetchMock, 404);
    renderDrawer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment not found');
    expect(await screen.findByText('Ann Smith (ann@example.com)')).toBeInTheDocument();
  });
});

const requestedUrls = (fetchMock: jest.Mock<typeof fetch>) => fetchMock.mock.calls.map((call) => urlOf(call[0]));
