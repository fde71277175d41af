import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../../../test/render';
import { jsonResponse, mockFetch, sentJson } from '../../../../test/fetch';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
const SENT = 'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works once, within an hour.';

describe('ForgotPasswordPage', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });

  it('checks the address before asking the server', async () => {
    renderPage(<ForgotPasswordPage />, '/forgot-password');
    await userEvent.type(field('Email'), 'nowhere');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the address and shows the server's answer, which never says whether the account exists", async () => {
    fetchMock.mockResolvedValue(jsonResponse(202, { message: SENT }));
    renderPage(<ForgotPasswordPage />, '/forgot-password');
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/password-reset');
    expect(sentJson(fetchMock, 0)).toEqual({ email: 'ada@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Ask again' }));
    expect(screen.getByRole('button', { name: 'Send me a link' })).toBeInTheDocument();
  });

  it('sends staff, who came from the back-office, back there to sign in', () => {
    window.history.replaceState(null, '', '/forgot-password?account=staff');
    renderPage(<ForgotPasswordPage />, '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/admin/login');
    window.history.replaceState(null, '', '/forgot-password');
  });

  it("shows a refusal (too many requests) in an alert and keeps the form", async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { statusCode: 429, message: 'Too many requests from your network. Try again in 40 minutes.' }));
    renderPage(<ForgotPasswordPage />, '/forgot-password');
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 40 minutes.');
    expect(field('Email')).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
    window.history.replaceState(null, '', '/reset-password#token=secret-from-the-mail');
  });

  it('reads the secret from the fragment, takes it out of the address bar, and sends it with the new password', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Password changed. Sign in with your new password.' }));
    renderPage(<ResetPasswordPage />, '/reset-password');
    expect(window.location.hash).toBe('');
    await userEvent.type(field('New password'), 'a-brand-new-password');
    await userEvent.type(field('Confirm new password'), 'a-brand-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(sentJson(fetchMock, 0)).toEqual({ token: 'secret-from-the-mail', newPassword: 'a-brand-new-password' });
    expect(await screen.findByText('Password changed. Sign in with your new password.')).toBeInTheDocument();
  });

  it("keeps staff on the page when done, with the way to the back-office's sign-in", async () => {
    window.history.replaceState(null, '', '/reset-password?account=staff#token=secret-from-the-mail');
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Password changed. Sign in with your new password.' }));
    renderPage(<ResetPasswordPage />, '/reset-password');
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?account=staff');
    await userEvent.type(field('New password'), 'a-brand-new-password');
    await userEvent.type(field('Confirm new password'), 'a-brand-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed. Sign in with your new password.');
    expect(screen.getByRole('link', { name: 'Sign in to the back-office' })).toHaveAttribute('href', '/admin/login');
    expect(sentJson(fetchMock, 0)).toEqual({ token: 'secret-from-the-mail', newPassword: 'a-brand-new-password' });
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('checks the two passwords before sending', async () => {
    renderPage(<ResetPasswordPage />, '/reset-password');
    await userEvent.type(field('New password'), 'short');
    await userEvent.type(field('Confirm new password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a used or expired link", async () => {
    const message = 'This reset link is invalid or has expired. Ask for a new one.';
    fetchMock.mockResolvedValue(jsonResponse(400, { statusCode: 400, message, errors: [{ field: 'token', message }] }));
    renderPage(<ResetPasswordPage />, '/reset-password');
    await userEvent.type(field('New password'), 'a-brand-new-password');
    await userEvent.type(field('Confirm new password'), 'a-brand-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says so when the link lost its secret', () => {
    window.history.replaceState(null, '', '/reset-password');
    renderPage(<ResetPasswordPage />, '/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete.');
    expect(screen.queryByRole('button', { name: 'Set new password' })).not.toBeInTheDocument();
  });
});
