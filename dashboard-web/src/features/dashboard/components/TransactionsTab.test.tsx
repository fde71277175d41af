import '@testing-library/jest-dom/jest-globals';
import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Transaction } from '@tallyline/contracts';
import { jsonResponse, mockFetch } from '../../../../test/fetch';
import { answerBy, bodyOf, renderTab } from '../../../../test/dashboard';
import { TransactionsTab } from './TransactionsTab';

const tx = (id: string, status: Transaction['status']): Transaction => ({
  id,
  gatewayTransactionId: null,
  amount: '25.00',
  refundedAmount: '0.00',
  currency: 'GBP',
  paymentMethod: 'credit_card',
  status,
  description: 'Payment',
  customerName: 'Ann Smith',
  customerEmail: 'ann@example.com',
  createdAt: '2026-01-02T10:00:00Z',
});

const requested = (fetchMock: jest.Mock<typeof fetch>) => fetchMock.mock.calls.map((call) => call[0] as string);

describe('TransactionsTab', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = mockFetch();
  });

  it("asks the API for the URL's filters and search, and a new filter goes back to page one", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { data: [tx('pay_1', 'pending')], nextCursor: 'c2' })));
    renderTab(<TransactionsTab />, '/dashboard/transactions?status=completed&amount=1000%2B&q=ann&after=c1');
    expect(screen.getByText('Loading transactions...')).toBeInTheDocument();
    expect(await screen.findAllByText('pay_1')).not.toHaveLength(0);
    expect(requested(fetchMock)[0]).toBe('/api/transactions?status=completed&minAmount=100001&q=ann&limit=20&cursor=c1');

    await userEvent.click(screen.getByRole('combobox', { name: 'Payment Method' }));
    await userEvent.click(screen.getByRole('option', { name: 'Bank Transfer' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?status=completed&amount=1000%2B&q=ann&method=bank_transfer');
    expect(requested(fetchMock).at(-1)).toBe('/api/transactions?status=completed&paymentMethod=bank_transfer&minAmount=100001&q=ann&limit=20');
  });

  it('offers Refund only for completed payments, confirms, and says Refund failed when the server refuses', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        (input as string).includes('/refund')
          ? jsonResponse(409, { message: 'A refund of this payment is already in progress' })
          : jsonResponse(200, { data: [tx('pay_done', 'completed'), tx('pay_wait', 'pending')], nextCursor: null }),
      ),
    );
    renderTab(<TransactionsTab />, '/dashboard/transactions');
    const table = await screen.findByTestId('transactions-table');
    expect(within(table).getAllByRole('button', { name: /^Refund transaction/ })).toHaveLength(1);
    await userEvent.click(within(table).getByRole('button', { name: 'Refund transaction pay_done' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('Refund failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to process refund. Please try again.')).toBeInTheDocument();
    expect(requested(fetchMock)).toContain('/api/transactions/pay_done/refund');
  });

  it('the refund dialog opens with the amount field focused; a fast double click sends one request; Enter confirms', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((input) =>
      (input as string).includes('/refund')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(jsonResponse(200, { data: [tx('pay_done', 'completed')], nextCursor: null })),
    );
    const refunds = () => requested(fetchMock).filter((url) => url.endsWith('/refund'));
    renderTab(<TransactionsTab />, '/dashboard/transactions');
    const table = await screen.findByTestId('transactions-table');
    await userEvent.click(within(table).getByRole('button', { name: 'Refund transaction pay_done' }));
    const amount = await screen.findByRole('textbox', { name: 'Amount to refund (GBP)' });
    await waitFor(() => expect(amount).toHaveFocus());
    await userEvent.keyboard('5');
    // Both clicks before React re-renders the button disabled, as a quick double click lands.
    const confirm = screen.getByRole('button', { name: 'Confirm refund' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refunding...' })).toBeDisabled());
    await waitFor(() => expect(refunds()).not.toHaveLength(0));
    expect(refunds()).toHaveLength(1);
    expect(bodyOf(fetchMock, 'POST /api/transactions/pay_done/refund')).toEqual({ amount: 500 });
    answer(jsonResponse(200, { id: 'pay_done', status: 'completed' }));
    expect(await screen.findByText('Refund processed')).toBeInTheDocument();
    expect(refunds()).toHaveLength(1);

    await userEvent.click(within(table).getByRole('button', { name: 'Refund transaction pay_done' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Amount to refund (GBP)' })).toHaveFocus());
    await userEvent.keyboard('3{Enter}');
    await waitFor(() => expect(refunds()).toHaveLength(2));
  });

  it('shows a disputed payment as Disputed, grey, and offers no refund for it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [tx('pay_disputed', 'disputed')], nextCursor: null }));
    renderTab(<TransactionsTab />, '/dashboard/transactions');
    const table = await screen.findByTestId('transactions-table');
    const chip = within(table).getByText('Disputed').closest('.MuiChip-root');
    expect(chip).toHaveClass('MuiChip-colorDefault');
    expect(within(table).queryByRole('button', { name: /^Refund transaction/ })).not.toBeInTheDocument();
  });

  it('names every status in words, requires_action included, and filters by it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [tx('pay_3ds', 'requires_action')], nextCursor: null }));
    renderTab(<TransactionsTab />, '/dashboard/transactions');
    expect(await within(await screen.findByTestId('transactions-table')).findByText('Requires action')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Requires action' }));
    expect(requested(fetchMock).at(-1)).toBe('/api/transactions?status=requires_action&limit=20');
  });

  it('refunds what is left of a partly refunded payment, or the part typed, and refuses more than is left', async () => {
    const partly = { ...tx('pay_part', 'completed'), amount: '170.24', refundedAmount: '50.00', customerName: 'Barbara Liskov' };
    fetchMock.mockImplementation((input) =>
      Promise.resolve((input as string).includes('/refund') ? jsonResponse(200, { id: 'pay_part', status: 'completed' }) : jsonResponse(200, { data: [partly], nextCursor: null })),
    );
    renderTab(<TransactionsTab />, '/dashboard/transactions');
    const table = await screen.findByTestId('transactions-table');
    expect(within(table).getByText('£50.00 refunded')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Refund transaction pay_part' }));
    expect(await screen.findByText('£120.24, what is left of £170.24 after £50.00 refunded before, will be refunded to Barbara Liskov. This cannot be undone.')).toBeInTheDocument();
    const amount = screen.getByRole('textbox', { name: 'Amount to refund (GBP)' });
    await userEvent.type(amount, '120.25');
    expect(screen.getByText('At most £120.24 can be refunded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm refund' })).toBeDisabled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '20.5');
    expect(screen.getByText('£20.50 of the £120.24 left will be refunded to Barbara Liskov. This cannot be undone.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('Refund processed')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/transactions/pay_part/refund')).toEqual({ amount: 2050 });
  });

  it('a custom range that ends before it starts is marked on the date fields and not asked for', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [], nextCursor: null }));
    renderTab(<TransactionsTab />, '/dashboard/transactions?range=custom&from=2026-11-20&to=2026-11-10');
    expect(await screen.findByText('To must not be before From')).toBeInTheDocument();
    expect(screen.getByText('Choose a To date on or after the From date')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('min', '2026-11-20');
    expect(requested(fetchMock).filter((url) => url.startsWith('/api/transactions'))).toEqual([]);
  });

  it('a link naming filter values the lists do not offer lists everything and says so in the fields', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [], nextCursor: null }));
    renderTab(<TransactionsTab />, '/dashboard/transactions?status=bogus&method=cash&amount=xyz&range=13d');
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(requested(fetchMock).filter((url) => url.startsWith('/api/transactions'))).toEqual(['/api/transactions?limit=20']);
    expect(screen.getByRole('combobox', { name: 'Date Range' })).toHaveTextContent('All time');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All statuses');
    expect(screen.getByRole('combobox', { name: 'Payment Method' })).toHaveTextContent('All methods');
    expect(screen.getByRole('combobox', { name: 'Amount Range' })).toHaveTextContent('All amounts');
  });

  it('shows the empty state', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [], nextCursor: null }));
    renderTab(<TransactionsTab />, '/dashboard/transactions');
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByText(/^Search finds/)).not.toBeInTheDocument();
  });

  it('says what the search matches when it finds nothing', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [], nextCursor: null }));
    renderTab(<TransactionsTab />, '/dashboard/transactions?q=mith');
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(screen.getByText('Search finds the beginning of a customer’s name, surname or e-mail, or of a transaction id.')).toBeInTheDocument();
  });

  describe('a refund\'s Idempotency-Key', () => {
    const refundKeys = (fetchMock: jest.Mock<typeof fetch>) =>
      fetchMock.mock.calls.filter(([input]) => (input as string).endsWith('/refund')).map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    const confirmRefundOf = async (id: string) => {
      await userEvent.click(within(await screen.findByTestId('transactions-table')).getByRole('button', { name: `Refund transaction ${id}` }));
      await userEvent.click(await screen.findByRole('button', { name: 'Confirm refund' }));
    };

    it('is drawn for each confirmation: a second, separate refund of the payment gets a new one', async () => {
      answerBy(fetchMock, {
        'GET /api/transactions': [200, { data: [tx('pay_done', 'completed')], nextCursor: null }],
        'POST /api/transactions/pay_done/refund': [200, { id: 'pay_done', status: 'completed' }],
      });
      renderTab(<TransactionsTab />, '/dashboard/transactions');
      await confirmRefundOf('pay_done');
      expect(await screen.findByText('Refund processed')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await confirmRefundOf('pay_done');
      await waitFor(() => expect(refundKeys(fetchMock)).toHaveLength(2));
      const [first, second] = refundKeys(fetchMock);
      expect(first).toMatch(/^[0-9a-f]{32}$/);
      expect(second).toMatch(/^[0-9a-f]{32}$/);
      expect(second).not.toBe(first);
    });

    it('is sent again when no answer came (the refund may be made): the retry is the same refund, and it is processed', async () => {
      let tries = 0;
      fetchMock.mockImplementation((input) => {
        if (!(input as string).endsWith('/refund')) return Promise.resolve(jsonResponse(200, { data: [tx('pay_done', 'completed')], nextCursor: null }));
        tries += 1;
        return tries === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(jsonResponse(200, { id: 'pay_done', status: 'refunded' }));
      });
      renderTab(<TransactionsTab />, '/dashboard/transactions');
      await confirmRefundOf('pay_done');
      expect(await screen.findByText('Refund processed', undefined, { timeout: 5_000 })).toBeInTheDocument();
      const [first, retry] = refundKeys(fetchMock);
      expect(refundKeys(fetchMock)).toHaveLength(2);
      expect(retry).toBe(first);
    });
  });
});
