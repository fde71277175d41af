import '@testing-library/jest-dom/jest-globals';
import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Merchant, User } from '@tallyline/contracts';
import { mockFetch } from '../../../../../test/fetch';
import { answerBy, bodyOf, calls, renderTab } from '../../../../../test/dashboard';
import SettingsTab from './SettingsTab';

const user: User = { id: 'u1', email: 'olive@example.test', firstName: 'Olive', lastName: 'Owner', role: 'merchant' };
const merchant: Merchant = { id: 'u1', companyName: 'Acme Widgets', email: 'olive@example.test', website: null, businessType: 'Retail', environment: 'staging', isActive: true, createdAt: '2026-01-02T10:00:00Z' };
const BASE = {
  'GET /api/merchants/api-keys': [200, []],
  'GET /api/merchants/ipn': [200, { gateway: 'sandbox', url: 'https://tallyline.example/api/webhooks/sandbox' }],
  'GET /api/webhook-endpoints': [200, []],
} as const;

configure({ asyncUtilTimeout: 10_000 });

async function openDialog() {
  renderTab(<SettingsTab user={user} merchant={merchant} />, '/dashboard/settings');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  return screen.getByRole('dialog', { name: 'Change password' });
}
const fill = async (dialog: HTMLElement, label: string, value: string) => userEvent.type(within(dialog).getByLabelText(new RegExp(`^${label}`), { selector: 'input' }), value);

describe('Change password (Security Settings)', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('auth_token', 'old-session');
    fetchMock = mockFetch();
  });

  it('checks the form before sending anything', async () => {
    answerBy(fetchMock, { ...BASE });
    const dialog = await openDialog();
    await fill(dialog, 'New password', 'short');
    await fill(dialog, 'Confirm new password', 'other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('Current password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST /api/auth/password');
  });

  it('sends the current and the new password (never the confirmation), keeps this browser signed in with the new session', async () => {
    answerBy(fetchMock, { ...BASE, 'POST /api/auth/password': [200, { token: 'new-session', message: 'Password changed' }] });
    const dialog = await openDialog();
    await fill(dialog, 'Current password', 'the-old-password');
    await fill(dialog, 'New password', 'a-new-password-1');
    await fill(dialog, 'Confirm new password', 'a-new-password-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your other sessions have been signed out.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/auth/password')).toEqual({ currentPassword: 'the-old-password', newPassword: 'a-new-password-1' });
    expect(localStorage.getItem('auth_token')).toBe('new-session');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change password' })).not.toBeInTheDocument());
  });

  it("puts the server's refusal of the current password under that field and keeps the dialog and the session", async () => {
    const message = 'Current password is incorrect';
    answerBy(fetchMock, { ...BASE, 'POST /api/auth/password': [400, { statusCode: 400, message, errors: [{ field: 'currentPassword', message }] }] });
    const dialog = await openDialog();
    await fill(dialog, 'Current password', 'a-wrong-guess');
    await fill(dialog, 'New password', 'a-new-password-1');
    await fill(dialog, 'Confirm new password', 'a-new-password-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Current password/, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Password not changed')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('old-session');
  });
});
