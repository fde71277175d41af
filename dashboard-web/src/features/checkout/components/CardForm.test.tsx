import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../lib/api';
import type { CardDetails } from '../card-rules';
import { CardForm } from './CardForm';

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

function fill(values: Partial<Record<'Card number' | 'Expiry (MM/YY)' | 'CVC' | 'Name on card', string>>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

const setup = (onSubmit = jest.fn<(card: CardDetails) => Promise<unknown>>().mockResolvedValue(undefined)) => {
  render(<CardForm submitLabel="Pay £25.00" busy={false} onSubmit={onSubmit} />);
  return onSubmit;
};

describe('CardForm', () => {
  it('shows every field\'s message at submit and sends nothing', async () => {
    const onSubmit = setup();
    fill({ 'Card number': '4111 1111 1111 1112', 'Expiry (MM/YY)': '01/20', CVC: '12' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay £25.00' }));
    expect(await screen.findByText('Card number is not valid')).toBeInTheDocument();
    expect(screen.getByText('The card has expired')).toBeInTheDocument();
    expect(screen.getByText('CVC must be 3 or 4 digits')).toBeInTheDocument();
    expect(screen.getByText('Name on card is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says a month past 12 is not a month, and clears a field\'s message as it is edited', async () => {
    setup();
    fill({ 'Card number': '4111', 'Expiry (MM/YY)': `13/${nextYear}` });
    fireEvent.click(screen.getByRole('button', { name: 'Pay £25.00' }));
    expect(await screen.findByText('Card number must be 12 to 19 digits')).toBeInTheDocument();
    expect(screen.getByText('Expiry month must be a number from 1 to 12')).toBeInTheDocument();
    fill({ 'Card number': '41111' });
    expect(screen.queryByText('Card number must be 12 to 19 digits')).not.toBeInTheDocument();
  });

  it('hands on a valid card as the tokenization wants it, then forgets it', async () => {
    const onSubmit = setup();
    fill({ 'Card number': '4111 1111 1111 1111', 'Expiry (MM/YY)': `04/${nextYear}`, CVC: '123', 'Name on card': 'Ann Smith' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay £25.00' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ cardNumber: '4111111111111111', expMonth: 4, expYear: 2000 + Number(nextYear), cvc: '123' }));
    await waitFor(() => expect(screen.getByLabelText('Card number', { exact: false })).toHaveValue(''));
  });

  it('sends a double-clicked Pay once, and can send again once the first has an answer', async () => {
    let answer: () => void = () => undefined;
    const onSubmit = setup(jest.fn<(card: CardDetails) => Promise<unknown>>().mockImplementation(() => new Promise<void>((resolve) => (answer = resolve))));
    fill({ 'Card number': '4111 1111 1111 1111', 'Expiry (MM/YY)': `04/${nextYear}`, CVC: '123', 'Name on card': 'Ann Smith' });
    const pay = screen.getByRole('button', { name: 'Pay £25.00' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    answer();
    await waitFor(() => expect(screen.getByLabelText('Card number', { exact: false })).toHaveValue(''));
    fill({ 'Card number': '4111 1111 1111 1111', 'Expiry (MM/YY)': `04/${nextYear}`, CVC: '123', 'Name on card': 'Ann Smith' });
    fireEvent.click(pay);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('puts the gateway\'s own field messages on the fields', async () => {
    const refusal = new ApiError(400, JSON.stringify({ statusCode: 400, message: 'Validation failed', errors: [{ field: 'expYear', message: 'The card has expired' }] }), 'Bad Request');
    setup(jest.fn<(card: CardDetails) => Promise<unknown>>().mockRejectedValue(refusal));
    fill({ 'Card number': '4111111111111111', 'Expiry (MM/YY)': `04/${nextYear}`, CVC: '123', 'Name on card': 'Ann Smith' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay £25.00' }));
    expect(await screen.findByText('The card has expired')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number', { exact: false })).toHaveValue('4111111111111111');
  });
});
