import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../../test/fetch';
import { renderPage } from '../../../../test/render';
import RegisterPage from './RegisterPage';

/** The input labelled `label` (MUI appends a hidden ` *` to required labels). */
function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
}

async function fill(values: Partial<Record<'First Name' | 'Last Name' | 'Email' | 'Password' | 'Confirm Password', string>>) {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.type(field(label), value);
  }
}

describe('RegisterPage validation', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows every required-field message at once and sends nothing', async () => {
    renderPage(<RegisterPage />, '/register');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    for (const message of ['First name is required', 'Last name is required', 'Email is required', 'Password is required', 'Please confirm your password']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the focus on the first field in error, in the order of the form', async () => {
    renderPage(<RegisterPage />, '/register');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(field('First Name')).toHaveFocus());
    await fill({ 'First Name': 'Ada' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(field('Last Name')).toHaveFocus());
  });

  it('rejects a malformed e-mail, a short password and a mismatched confirmation', async () => {
    renderPage(<RegisterPage />, '/register');
    await fill({ 'First Name': 'Ada', 'Last Name': 'Lovelace', Email: 'ada@example', Password: 'short', 'Confirm Password': 'other' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("clears a field's error as soon as that field is edited, leaving the others", async () => {
    renderPage(<RegisterPage />, '/register');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByText('Email is required');
    await userEvent.type(field('Email'), 'a');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
  });

  it('registers, stores the token and goes to /dashboard without sending confirmPassword', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(201, { token: 'jwt-1', user: { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'merchant' } }),
    );
    renderPage(<RegisterPage />, '/register');
    await fill({ 'First Name': 'Ada', 'Last Name': 'Lovelace', Email: 'ada@example.com', Password: 'password-123', 'Confirm Password': 'password-123' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(localStorage.getItem('auth_token')).toBe('jwt-1');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/register');
    expect(JSON.parse(init?.body as string)).toEqual({ email: 'ada@example.com', password: 'password-123', firstName: 'Ada', lastName: 'Lovelace' });
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
  });

  it('a double click on Create Account registers once: no second request, no "already registered" toast', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { token: 'jwt-1', user: { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'merchant' } }));
    renderPage(<RegisterPage />, '/register');
    await fill({ 'First Name': 'Ada', 'Last Name': 'Lovelace', Email: 'ada@example.com', Password: 'password-123', 'Confirm Password': 'password-123' });
    // Both clicks land before the page re-renders with the button disabled (as in a real browser).
    const form = screen.getByRole('form', { name: 'Create your account' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stays on the form with a destructive toast carrying the server message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { statusCode: 409, message: 'Email already registered' }));
    renderPage(<RegisterPage />, '/register');
    await fill({ 'First Name': 'Ada', 'Last Name': 'Lovelace', Email: 'ada@example.com', Password: 'password-123', 'Confirm Password': 'password-123' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Registration failed');
    expect(toast).toHaveTextContent('Email already registered');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled());
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
