// Zod-free, so the browser entry (browser.ts) can offer it without the schemas.

export const AUTH_MESSAGES = {
  emailTaken: 'Email already registered',
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  wrongCurrentPassword: 'Current password is incorrect',
  passwordChanged: 'Password changed',
} as const;
