import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../../../test/render';
import { jsonResponse, mockFetch } from '../../../../test/fetch';
import LoginPage from './LoginPage';

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

describe('LoginPage validation', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = mockFetch();
  });

  it('requires a valid e-mail and a password before calling the server', async () => {
    renderPage(<LoginPage />, '/login');
    await userEvent.type(field('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('focuses the first field in error, and editing a field clears only its own error', async () => {
    renderPage(<LoginPage />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(field('Email')).toHaveFocus();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field('Email'), 'ada@example.com');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(field('Password')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('toggles the password between hidden and shown', async () => {
    renderPage(<LoginPage />, '/login');
    expect(field('Password')).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password')).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field('Password')).toHaveAttribute('type', 'password');
  });

  it("shows the server's message in a destructive alert", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { statusCode: 401, message: 'Invalid email or password' }));
    renderPage(<LoginPage />, '/login');
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.type(field('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('says Login failed when the answer carries no token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'ok' }));
    renderPage(<LoginPage />, '/login');
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.type(field('Password'), 'password-123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('stores the token and goes to /dashboard', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { token: 'jwt-2', message: 'Login successful' }));
    renderPage(<LoginPage />, '/login');
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.type(field('Password'), 'password-123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(localStorage.getItem('auth_token')).toBe('jwt-2');
  });
});
