import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Role } from '@tallyline/contracts';
import { DomainError } from '../domain-error.js';
import type { ApiKeyPrincipal, AuthUser } from './auth-user.js';
import type { AuthenticatedRequest } from './authenticated-request.js';

export const IS_PUBLIC = 'tallyline:public';
export const ROLES = 'tallyline:roles';
export const ACCEPTS_API_KEY = 'tallyline:accepts-api-key';
export const OPTIONAL_SESSION = 'tallyline:optional-session';
export const API_KEY_ONLY = 'tallyline:api-key-only';

/**
 * Every route needs a session unless it says otherwise (the global AuthenticationGuard): this marks
 * the few that anyone may call (sign-up, sign-in, health, the public application form).
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension('x-public', true)); // x-public: see openapi.ts

/**
 * Anyone may call it, like @Public(); a valid session is still recognised (request.user) so the
 * route can tell staff apart. A missing or bad token, or an API key, is just anonymous.
 */
export const OptionalSession = () => applyDecorators(SetMetadata(IS_PUBLIC, true), SetMetadata(OPTIONAL_SESSION, true), ApiBearerAuth());

/** Only these roles, read from the database on each request (an API key acts as its merchant): 403 for anyone else. */
export const Roles = (...roles: Role[]) =>
  applyDecorators(
    SetMetadata(ROLES, roles),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'No or invalid credentials' }),
    ApiForbiddenResponse({ description: `Only for ${roles.join(' or ')} accounts` }),
  );

/**
 * /api/client/*: a secret API key is accepted next to a session. A key acts only in its own
 * environment (sk_test_ staging, sk_live_ production): naming the other one is a 403.
 */
export const AcceptsApiKey = () => SetMetadata(ACCEPTS_API_KEY, true);

/** /v1: a secret API key and nothing else. A session is refused (401) before the request is read. */
export const ApiKeyOnly = () => applyDecorators(SetMetadata(ACCEPTS_API_KEY, true), SetMetadata(API_KEY_ONLY, true));

/** The signed-in user (any route but @Public ones, or an @AcceptsApiKey route called with a session). */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  if (!user) throw new DomainError('unauthorized', 'Authentication required');
  return user;
});

/** The API key's principal when the call used one (undefined for session callers). */
export const CurrentApiKey = createParamDecorator(
  (_: unknown, context: ExecutionContext): ApiKeyPrincipal | undefined => context.switchToHttp().getRequest<AuthenticatedRequest>().apiKey,
);

export type { AuthUser, ApiKeyPrincipal };
