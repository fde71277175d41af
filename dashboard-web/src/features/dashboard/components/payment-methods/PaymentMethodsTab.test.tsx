import '@testing-library/jest-dom/jest-globals';
import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethod } from '@tallyline/contracts';
import { mockFetch } from '../../../../../test/fetch';
import { answerBy, bodyOf, calls, renderTab } from '../../../../../test/dashboard';
import PaymentMethodsTab from './PaymentMethodsTab';

const klarna: PaymentMethod = {
  id: '6f1c1c3e-0000-4000-8000-000000000001',
  name: 'Klarna',
  type: 'digital_wallet',
  isActive: false,
  processingFee: 2.5,
  fixedFee: '0.20',
  createdAt: '2026-01-02T10:00:00Z',
  updatedAt: '2026-01-02T10:00:00Z',
};

// Requests chain (a list, then what it opens): on a busy shared machine that takes longer than the 1 s default.
configure({ asyncUtilTimeout: 10_000 });

describe('PaymentMethodsTab', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = mockFetch();
  });

  it("shows the spec's three fixed cards and the custom methods with processingFee% + $fixedFee", async () => {
    answerBy(fetchMock, { 'GET /api/payment-methods': [200, [klarna]] });
    renderTab(<PaymentMethodsTab />, '/dashboard/payments');
    const cards = screen.getAllByTestId('fixed-method').map((card) => card.textContent);
    expect(cards[0]).toMatch(/Credit Cards.*active.*2\.9% \+ \$0\.30/);
    expect(cards[1]).toMatch(/Bank Transfers.*active.*\$0\.80/);
    expect(cards[2]).toMatch(/Digital Wallets.*pending.*3\.4% \+ \$0\.30/);
    const custom = await screen.findByTestId('custom-method');
    expect(custom).toHaveTextContent('Klarna');
    expect(custom).toHaveTextContent('2.5% + $0.20');
    expect(custom).toHaveTextContent('inactive');
  });

  it('shows the empty state, and a failed load with Retry', async () => {
    let fail = true;
    answerBy(fetchMock, { 'GET /api/payment-methods': () => (fail ? [500, { message: 'Database is down' }] : [200, []]) });
    renderTab(<PaymentMethodsTab />, '/dashboard/payments');
    expect(await screen.findByText(/Could not load payment methods: Database is down/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No custom payment methods yet/)).toBeInTheDocument();
  });

  it("Add Method checks the contract's rules before sending, then sends percent and amount as typed", async () => {
    answerBy(fetchMock, { 'GET /api/payment-methods': [200, []], 'POST /api/payment-methods': [201, { ...klarna, isActive: true }] });
    renderTab(<PaymentMethodsTab />, '/dashboard/payments');
    await userEvent.click(screen.getByRole('button', { name: 'Add Method' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?method=new');
    const dialog = screen.getByRole('dialog', { name: 'Add payment method' });
    await userEvent.type(within(dialog).getByLabelText('Processing fee'), '150');
    await userEvent.type(within(dialog).getByLabelText('Fixed fee'), '0.123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add method' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Type is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Processing fee must be a percentage from 0 to 100 with at most two decimals')).toBeInTheDocument();
    expect(within(dialog).getByText('Fixed fee must be an amount from 0.00 to 1000.00 with at most two decimals')).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST /api/payment-methods');

    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Klarna');
    // Editing a field clears its error at once (spec §4).
    expect(within(dialog).queryByText('Name is required')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Type/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Digital Wallet' }));
    await userEvent.clear(within(dialog).getByLabelText('Processing fee'));
    await userEvent.type(within(dialog).getByLabelText('Processing fee'), '2.5');
    await userEvent.clear(within(dialog).getByLabelText('Fixed fee'));
    await userEvent.type(within(dialog).getByLabelText('Fixed fee'), '0.20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add method' }));
    expect(await screen.findByText('Payment method added')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/payment-methods')).toEqual({ name: 'Klarna', type: 'digital_wallet', isActive: true, processingFee: 2.5, fixedFee: '0.20' });
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^$/));
  });

  it("empty fees are left out, so the server applies the type's defaults", async () => {
    answerBy(fetchMock, { 'GET /api/payment-methods': [200, []], 'POST /api/payment-methods': [201, klarna] });
    renderTab(<PaymentMethodsTab />, '/dashboard/payments?method=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add payment method' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Cards EU');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Type/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Credit Card' }));
    expect(within(dialog).getByLabelText('Processing fee')).toHaveAttribute('placeholder', '2.9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add method' }));
    await screen.findByText('Payment method added');
    expect(bodyOf(fetchMock, 'POST /api/payment-methods')).toEqual({ name: 'Cards EU', type: 'credit_card', isActive: true });
  });

  it('Configure opens from the URL with the saved values and shows the server refusal on its field', async () => {
    answerBy(fetchMock, {
      'GET /api/payment-methods': [200, [klarna]],
      [`PATCH /api/payment-methods/${klarna.id}`]: [400, { statusCode: 400, message: 'Validation failed', errors: [{ field: 'name', message: 'Name must be at most 100 characters' }] }],
    });
    renderTab(<PaymentMethodsTab />, `/dashboard/payments?method=${klarna.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Configure Klarna' });
    expect(within(dialog).getByLabelText('Processing fee')).toHaveValue('2.5');
    expect(within(dialog).getByLabelText('Fixed fee')).toHaveValue('0.20');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Name must be at most 100 characters')).toBeInTheDocument();
    expect(screen.getByText('Update failed')).toBeInTheDocument();
    expect(bodyOf(fetchMock, `PATCH /api/payment-methods/${klarna.id}`)).toEqual({ name: 'Klarna', isActive: true, processingFee: 2.5, fixedFee: '0.20' });
  });

  it('Configure with the fees cleared keeps them, and the empty fields say so with the current fees (not the type defaults)', async () => {
    answerBy(fetchMock, { 'GET /api/payment-methods': [200, [klarna]], [`PATCH /api/payment-methods/${klarna.id}`]: [200, klarna] });
    renderTab(<PaymentMethodsTab />, `/dashboard/payments?method=${klarna.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Configure Klarna' });
    for (const label of ['Processing fee', 'Fixed fee']) await userEvent.clear(within(dialog).getByLabelText(label));
    expect(within(dialog).getByLabelText('Processing fee')).toHaveAttribute('placeholder', '2.5');
    expect(within(dialog).getByLabelText('Fixed fee')).toHaveAttribute('placeholder', '0.20');
    expect(within(dialog).getByText('A fee left empty stays as it is; enter 0 for none.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Payment method updated');
    expect(bodyOf(fetchMock, `PATCH /api/payment-methods/${klarna.id}`)).toEqual({ name: 'Klarna', isActive: false });
  });
});
