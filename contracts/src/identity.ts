import { z } from 'zod';
import { emailAddress } from './email.js';

export { AUTH_MESSAGES } from './auth-messages.js';

export const MIN_PASSWORD_LENGTH = 8;
export const ROLES = ['merchant', 'staff'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

const email = emailAddress('Please enter a valid email address', 'Email is required');
const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');
const firstName = z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100, 'First name must be at most 100 characters');
const lastName = z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100, 'Last name must be at most 100 characters');

/** POST /api/auth/register */
export const registerRequestSchema = z.object({ email, password, firstName, lastName });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The plain registration form: confirmPassword is checked, never sent. */
export const registerFormSchema = z
  .object({
    firstName,
    lastName,
    email,
    password,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((form) => !form.confirmPassword || form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** POST /api/auth/login (and the login form). */
export const loginRequestSchema = z.object({
  email: emailAddress('Invalid email address'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
});
export type User = z.infer<typeof userSchema>;

export const registerResponseSchema = z.object({ token: z.string(), user: userSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
export const loginResponseSchema = z.object({ token: z.string(), message: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/password: the current password proves it is the account's owner at the keyboard. */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200, 'Password must be at most 200 characters'),
    newPassword: password,
  })
  .refine((body) => body.newPassword !== body.currentPassword, { path: ['newPassword'], message: 'The new password must differ from the current one' });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The change-password form: the new password typed twice, the confirmation never sent. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: password,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((form) => !form.newPassword || !form.currentPassword || form.newPassword !== form.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one',
  })
  .refine((form) => !form.confirmPassword || form.newPassword === form.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** A fresh session for this browser: the change signed every other session out. */
export const changePasswordResponseSchema = z.object({ token: z.string(), message: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** POST /api/auth/password-reset and /password-reset/confirm: what the page tells the user, nothing more. */
export const authMessageSchema = z.object({ message: z.string() });
export type AuthMessage = z.infer<typeof authMessageSchema>;

/** POST /api/auth/password-reset: the same answer whether or not an account uses the address. */
export const passwordResetRequestSchema = z.object({ email });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset/confirm: the secret of the e-mailed link, and the new password. */
export const passwordResetSchema = z.object({
  token: z.string({ error: 'This reset link is invalid or has expired. Ask for a new one.' }).min(1, 'This reset link is invalid or has expired. Ask for a new one.').max(200),
  newPassword: password,
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** The reset page's form: the new password typed twice. */
export const resetPasswordFormSchema = z
  .object({ newPassword: password, confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((form) => !form.confirmPassword || form.newPassword === form.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

