import { applyDecorators, createParamDecorator, SetMetadata, UseGuards, type ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { DomainError } from '../domain-error.js';
import { ACCESS_MODE, AuthGuard, type AccessMode, type AuthenticatedRequest } from './auth.guard.js';
import type { ApiKeyPrincipal, AuthUser } from './auth-user.js';

const access = (mode: AccessMode, ...extra: MethodDecorator[]) =>
  applyDecorators(SetMetadata(ACCESS_MODE, mode), UseGuards(AuthGuard), ApiBearerAuth(), ApiUnauthorizedResponse({ description: 'No or invalid credentials' }), ...extra);

/** Any valid session JWT (merchant or staff). */
export const Authenticated = () => access('session');

/** A session whose user has the staff role: 401 anonymous, 403 anyone else. */
export const StaffOnly = () => access('staff', ApiForbiddenResponse({ description: 'Not a staff account' }));

/** /api/client/*: a merchant user's session JWT or a secret API key (sk_test_… / sk_live_…). */
export const MerchantApi = () => access('merchant-api');

/** The signed-in user (routes under @Authenticated / @StaffOnly, or @MerchantApi with a JWT). */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  if (!user) throw new DomainError('unauthorized', 'Authentication required');
  return user;
});

/** The API key's principal when the call used one (undefined for JWT callers). */
export const CurrentApiKey = createParamDecorator(
  (_: unknown, context: ExecutionContext): ApiKeyPrincipal | undefined => context.switchToHttp().getRequest<AuthenticatedRequest>().apiKey,
);

export type { AuthUser, ApiKeyPrincipal };
