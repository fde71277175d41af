import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../../../test/render';
import { jsonResponse, mockFetch, sentJson } from '../../../../test/fetch';
import MerchantRegisterPage from './MerchantRegisterPage';

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

async function fillValid(website = '') {
  await userEvent.type(field('First Name'), 'Ada');
  await userEvent.type(field('Last Name'), 'Lovelace');
  await userEvent.type(field('Email'), 'ada@example.com');
  await userEvent.type(field('Company Name'), 'Analytical Engines Ltd');
  if (website) await userEvent.type(field('Website'), website);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: /Business Type/ }), 'SaaS');
  await userEvent.type(field('Password'), 'password-123');
  await userEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
}

describe('MerchantRegisterPage validation', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = mockFetch();
  });

  it('shows every rule of the merchant form at once', async () => {
    renderPage(<MerchantRegisterPage />, '/merchant-register');
    await userEvent.type(field('Website'), 'not a url');
    await userEvent.type(field('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create merchant account' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Company name is required',
      'Invalid website URL',
      'Business type is required',
      'Password must be at least 8 characters',
      'You must accept the terms',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalled();
    // The first field in error, in the form's order: First Name, not Company Name (its own, registered first).
    expect(field('First Name')).toHaveFocus();
  });

  it('creates the account, then the merchant with website null when left empty', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(201, { token: 'jwt-3', user: { id: 'u3', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'merchant' } }))
      .mockResolvedValueOnce(jsonResponse(201, { id: 'm1' }));
    renderPage(<MerchantRegisterPage />, '/merchant-register');
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create merchant account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    // The session then fetches the signed-in user; the first two calls are the sign-up itself.
    expect(fetchMock.mock.calls.slice(0, 2).map((call) => call[0])).toEqual(['/api/auth/register', '/api/merchants/register']);
    expect(sentJson(fetchMock, 0)).toEqual({ email: 'ada@example.com', password: 'password-123', firstName: 'Ada', lastName: 'Lovelace' });
    expect(sentJson(fetchMock, 1)).toEqual({ companyName: 'Analytical Engines Ltd', email: 'ada@example.com', website: null, businessType: 'SaaS' });
    const headers = fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer jwt-3');
    expect(localStorage.getItem('auth_token')).toBe('jwt-3');
    expect(await screen.findByText('Your merchant account has been created.')).toBeInTheDocument();
  });

  it('fails with Registration incomplete when the account answer has no token', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, {}));
    renderPage(<MerchantRegisterPage />, '/merchant-register');
    await fillValid('https://example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create merchant account' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Registration failed');
    expect(toast).toHaveTextContent('Registration incomplete');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits for a stored session to be checked: Authentication not ready until then, then signs up', async () => {
    localStorage.setItem('auth_token', 'jwt-old');
    let answerSessionCheck: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((input) => {
      if (input === '/api/auth/user') return new Promise<Response>((resolve) => (answerSessionCheck = resolve));
      if (input === '/api/auth/register') return Promise.resolve(jsonResponse(201, { token: 'jwt-4', user: { id: 'u4', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'merchant' } }));
      return Promise.resolve(jsonResponse(201, { id: 'm4' }));
    });
    renderPage(<MerchantRegisterPage />, '/merchant-register');
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create merchant account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication not ready');
    expect(fetchMock.mock.calls.map((call) => call[0])).not.toContain('/api/auth/register');

    // The old session turns out to be expired; the new account then replaces it.
    answerSessionCheck(jsonResponse(401, { message: 'Unauthorized' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create merchant account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(localStorage.getItem('auth_token')).toBe('jwt-4');
  });
});
