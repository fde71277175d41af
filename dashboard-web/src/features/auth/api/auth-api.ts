import type { AuthMessage, LoginRequest, LoginResponse, MerchantRegisterRequest, PasswordReset, PasswordResetRequest, RegisterRequest, RegisterResponse } from '@tallyline/contracts';
import { AUTH_MESSAGES } from '@tallyline/contracts/browser';
import { apiRequest } from '../../../lib/api';

/** POST /api/auth/login; only an answer carrying a token counts as success. */
export async function login(request: LoginRequest): Promise<string> {
  const response = await apiRequest<Partial<LoginResponse>>('/api/auth/login', { method: 'POST', json: request });
  if (!response?.token) throw new Error(AUTH_MESSAGES.loginFailed);
  return response.token;
}

/** POST /api/auth/register; the response's token is the new session. */
export async function registerUser(request: RegisterRequest): Promise<Partial<RegisterResponse>> {
  return apiRequest<Partial<RegisterResponse>>('/api/auth/register', { method: 'POST', json: request });
}

/** POST /api/merchants/register as the new account, before its token becomes the session. */
export async function registerMerchant(request: MerchantRegisterRequest, token: string): Promise<void> {
  await apiRequest<unknown>('/api/merchants/register', { method: 'POST', json: request, token });
}

/** POST /api/auth/password-reset: the same answer whether or not an account uses the address. */
export async function requestPasswordReset(request: PasswordResetRequest): Promise<string> {
  return (await apiRequest<AuthMessage>('/api/auth/password-reset', { method: 'POST', json: request })).message;
}

/** POST /api/auth/password-reset/confirm with the link's secret. */
export async function resetPassword(request: PasswordReset): Promise<string> {
  return (await apiRequest<AuthMessage>('/api/auth/password-reset/confirm', { method: 'POST', json: request })).message;
}
