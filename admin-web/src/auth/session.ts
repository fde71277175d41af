import type { User } from '@tallyline/contracts';

// The back-office keeps its own session, apart from the merchant dashboard's localStorage token, and
// in sessionStorage so that closing the tab signs staff out of this sensitive tool.
const TOKEN_KEY = 'tallyline_admin_token';
const USER_KEY = 'tallyline_admin_user';

export function sessionToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function sessionUser(): User | null {
  const stored = sessionStorage.getItem(USER_KEY);
  if (!stored) return null;
  try {
    return JSON.parse(stored) as User;
  } catch {
    return null;
  }
}

export function startSession(token: string, user: User): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  sessionStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function endSession(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(USER_KEY);
}
