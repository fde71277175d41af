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
