import type { LoginRequest, LoginResponse, User } from '@tallyline/contracts';
import { HttpError, type AuthProvider } from 'react-admin';
import { endSession, sessionToken, sessionUser, startSession } from './session';

// i18n keys: the login form translates what login() throws; server messages pass through untranslated.
const LOGIN_FAILED = 'tallyline.auth.login_failed';
const NOT_STAFF = 'tallyline.auth.not_staff';

async function errorMessage(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : fallback;
  } catch {
    return fallback;
  }
}

/** Ends the session on the server too (its token is refused from then on); signing out here never waits for it. */
function revokeSession(token: string | null): void {
  if (token) void fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
}

async function fetchUser(token: string): Promise<User> {
  const response = await fetch('/api/auth/user', { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(await errorMessage(response, LOGIN_FAILED));
  return (await response.json()) as User;
}

/**
 * Staff sign in with e-mail and password. The role is checked before anything is stored, so a merchant's
 * token never lands in this app's session.
 */
export const authProvider: AuthProvider = {
  async login({ email, password }: LoginRequest) {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(await errorMessage(response, LOGIN_FAILED));
    const { token } = (await response.json()) as LoginResponse;
    if (!token) throw new Error(LOGIN_FAILED);
    const user = await fetchUser(token);
    if (user.role !== 'staff') {
      revokeSession(token); // a merchant's sign-in, of no use here: not left valid behind the message
      throw new Error(NOT_STAFF);
    }
    startSession(token, user);
  },

  async logout() {
    revokeSession(sessionToken());
    endSession();
  },

  // Signed out is not an error worth a toast: the sign-in form says it all. (Every guarded component
  // checks, so a message here would queue one toast per component and delay the next real one.)
  async checkAuth() {
    // react-admin's documented way to reject without a notification: a plain object, not an Error.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!sessionToken()) throw { message: false };
  },

  // 401: the token expired or was revoked; 403: the account is no longer staff. Either way react-admin
  // shows the message, then calls logout(), which ends the session.
  async checkError(error: unknown) {
    const status = error instanceof HttpError ? error.status : (error as { status?: number } | null)?.status;
    if (status !== 401 && status !== 403) return;
    // Already signed out (a deep link opened without a session, or the calls of a page that was loading
    // when the session ended): checkAuth sends the user to the sign-in form. Logging out again for each
    // call raced that redirect, and the page and the form took turns, about 20 times a second.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!sessionToken()) throw { message: false, logoutUser: false };
    throw new Error('ra.notification.logged_out');
  },

  async getIdentity() {
    const user = sessionUser();
    if (!user) throw new Error('ra.auth.auth_check_error');
    const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
    return { id: user.id, fullName, email: user.email };
  },

  async getPermissions() {
    return sessionUser()?.role ?? null;
  },
};
