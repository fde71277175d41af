// Zod-free, so the browser entry (browser.ts) can offer it without the schemas.

export const AUTH_MESSAGES = {
  emailTaken: 'Email already registered',
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  wrongCurrentPassword: 'Current password is incorrect',
  passwordChanged: 'Password changed',
  passwordResetSent: 'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works once, within an hour.',
  passwordResetInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  passwordReset: 'Password changed. Sign in with your new password.',
} as const;
