import '@testing-library/jest-dom/jest-globals';
import { act, useLayoutEffect } from 'react';
import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Merchant, User } from '@tallyline/contracts';
import { jsonResponse, mockFetch } from '../../../../../test/fetch';
import { answerBy, bodyOf, calls, renderTab } from '../../../../../test/dashboard';
import { useCurrentMerchant } from '../../../../lib/session';
import SettingsTab from './SettingsTab';

const user: User = { id: 'u1', email: 'olive@example.test', firstName: 'Olive', lastName: 'Owner', role: 'merchant' };
const merchant: Merchant = { id: 'u1', companyName: 'Acme Widgets', email: 'olive@example.test', website: null, businessType: 'Retail', environment: 'staging', isActive: true, createdAt: '2026-01-02T10:00:00Z' };
const BASE = {
  'GET /api/merchants/api-keys': [200, []],
  'GET /api/merchants/ipn': [200, { gateway: 'sandbox', url: 'https://tallyline.example/api/webhooks/sandbox' }],
  'GET /api/webhook-endpoints': [200, []],
  'GET /api/auth/user': [200, user],
  'GET /api/merchants/current': [200, merchant],
} as const;

configure({ asyncUtilTimeout: 10_000 });

/** What the dashboard's session showed, render after render ("loading", the first name, or "signed out"). */
let seen: string[] = [];

/** The signed-in user as the dashboard's header and guards read it (lib/session.ts). */
function SignedInAs() {
  const { user, isLoading } = useCurrentMerchant();
  const text = isLoading ? 'loading' : (user?.firstName ?? 'signed out');
  useLayoutEffect(() => void seen.push(text), [text]);
  return <p data-testid="signed-in-as">{text}</p>;
}

async function openDialog() {
  renderTab(
    <>
      <SignedInAs />
      <SettingsTab user={user} merchant={merchant} />
    </>,
    '/dashboard/settings',
  );
  await screen.findByText('Olive');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  return screen.getByRole('dialog', { name: 'Change password' });
}
const fill = async (dialog: HTMLElement, label: string, value: string) => userEvent.type(within(dialog).getByLabelText(new RegExp(`^${label}`), { selector: 'input' }), value);

describe('Change password (Security Settings)', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('auth_token', 'old-session');
    seen = [];
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
    expect(screen.getByText('Password changed')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/auth/password')).toEqual({ currentPassword: 'the-old-password', newPassword: 'a-new-password-1' });
    const sent = fetchMock.mock.calls.find(([input, init]) => input === '/api/auth/password' && init?.method === 'POST');
    expect(sent?.[1]?.headers).toMatchObject({ Authorization: 'Bearer old-session' });
    expect(localStorage.getItem('auth_token')).toBe('new-session');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change password' })).not.toBeInTheDocument());
    // The cached user moved to the new token: no loading state, no sign-out, no second fetch of the user.
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent('Olive');
    expect(seen).toEqual(['loading', 'Olive']);
    expect(calls(fetchMock).filter((call) => call === 'GET /api/auth/user')).toHaveLength(1);
  });

  it('cannot be sent twice or closed while the change is on its way', async () => {
    answerBy(fetchMock, { ...BASE });
    const others = fetchMock.getMockImplementation()!;
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation((input, init) => (init?.method === 'POST' ? new Promise<Response>((resolve) => (answer = resolve)) : others(input, init)));
    const dialog = await openDialog();
    await fill(dialog, 'Current password', 'the-old-password');
    await fill(dialog, 'New password', 'a-new-password-1');
    await fill(dialog, 'Confirm new password', 'a-new-password-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call === 'POST /api/auth/password')).toHaveLength(1);
    await act(async () => answer(jsonResponse(200, { token: 'new-session', message: 'Password changed' })));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change password' })).not.toBeInTheDocument());
    expect(localStorage.getItem('auth_token')).toBe('new-session');
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

  it("says why when the server stops accepting guesses (429), and changes nothing", async () => {
    const message = 'Too many attempts. Try again in 15 minutes.';
    answerBy(fetchMock, { ...BASE, 'POST /api/auth/password': [429, { statusCode: 429, message }] });
    const dialog = await openDialog();
    await fill(dialog, 'Current password', 'another-guess');
    await fill(dialog, 'New password', 'a-new-password-1');
    await fill(dialog, 'Confirm new password', 'a-new-password-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Password not changed')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('old-session');
  });
});
