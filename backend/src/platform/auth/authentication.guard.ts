import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { API_KEY_PREFIX, ENVIRONMENT_MESSAGE, environmentSchema, type Role } from '@tallyline/contracts';
import { DomainError } from '../domain-error.js';
import { ACCEPTS_API_KEY, API_KEY_ONLY, IS_PUBLIC, OPTIONAL_SESSION, ROLES } from './auth.decorators.js';
import type { ApiKeyPrincipal, AuthUser } from './auth-user.js';
import { basicUser, bearerToken, type AuthenticatedRequest } from './authenticated-request.js';

/**
 * The APP_GUARD: every route is authenticated unless marked @Public(), so a new controller cannot be
 * open by forgetting a decorator. Passport tries the session JWT, then the API key strategy; this
 * class then authorizes: keys only where @AcceptsApiKey() and only in their own environment, roles
 * from @Roles().
 */
@Injectable()
export class AuthenticationGuard extends AuthGuard(['jwt', 'api-key']) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.flag(IS_PUBLIC, context)) {
      if (this.flag(OPTIONAL_SESSION, context)) await this.identifyIfSignedIn(context);
      return true;
    }
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const principal = request.user as AuthUser | ApiKeyPrincipal;
    let role: Role;
    if ('keyId' in principal) {
      // Passport puts whatever a strategy returns in `user`; a key is not a user.
      request.user = undefined;
      if (!this.flag(ACCEPTS_API_KEY, context)) throw new DomainError('unauthorized', KEY_NOT_ACCEPTED);
      assertOwnEnvironment(request, principal);
      request.apiKey = principal;
      request.actor = { type: 'api_key', id: principal.keyId };
      role = 'merchant';
    } else {
      if (this.flag(API_KEY_ONLY, context)) throw new DomainError('unauthorized', SESSION_NOT_ACCEPTED);
      request.actor = personActor(principal);
      role = principal.role;
    }
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, [context.getHandler(), context.getClass()]);
    if (roles && !roles.includes(role)) throw new DomainError('forbidden', roles.includes('staff') ? 'Staff access only' : 'Merchant accounts only');
    return true;
  }

  /** Passport's verdict: a strategy error as is, no principal as 401 with a message saying why. */
  override handleRequest<T>(error: unknown, principal: T | false, _info: unknown, context: ExecutionContext): T {
    if (error) throw error as Error; // the strategy's own error (a DomainError), passed on as is
    if (principal) return principal;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    // A key may also come as HTTP Basic's user name (curl -u sk_test_…:), as the API-key strategy reads it.
    const token = bearerToken(request) ?? basicUser(request);
    throw new DomainError('unauthorized', !token ? 'Authentication required' : token.startsWith('sk_') ? 'Invalid API key' : 'Invalid or expired token');
  }

  /** @OptionalSession routes: request.user when a valid session came along, nothing otherwise. */
  private async identifyIfSignedIn(context: ExecutionContext): Promise<void> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request);
    if (!token || token.startsWith('sk_')) return;
    try {
      await super.canActivate(context);
    } catch {
      return; // a bad or expired token: anonymous here
    }
    const principal = request.user as AuthUser | ApiKeyPrincipal | undefined;
    if (!principal) return;
    if ('keyId' in principal) request.user = undefined;
    // What a signed-in person does here is recorded as theirs, not as an anonymous visitor's.
    else request.actor = personActor(principal);
  }

  private flag(key: string, context: ExecutionContext): boolean {
    return this.reflector.getAllAndOverride<boolean | undefined>(key, [context.getHandler(), context.getClass()]) === true;
  }
}

const KEY_NOT_ACCEPTED =
  'API keys are not accepted here: this route needs a signed-in session. Keys work on /api/client, /api/payments, /api/crypto-payments, /api/webhook-endpoints and /v1';
const SESSION_NOT_ACCEPTED = 'Only a secret API key is accepted here (Authorization: Bearer sk_test_… or sk_live_…), not a session token';

/** The actor recorded for what a signed-in person does. */
const personActor = (user: AuthUser) => ({ type: user.role === 'staff' ? ('staff' as const) : ('user' as const), id: user.userId });

/** A key names its environment by its prefix; a request naming the other one (query or JSON body) is refused. */
function assertOwnEnvironment(request: AuthenticatedRequest, key: ApiKeyPrincipal): void {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : undefined;
  const named = query?.environment ?? body?.environment;
  if (named === undefined || named === key.environment) return;
  // Not an environment at all: the 400 a session gets for it, not a refusal to act in "dev".
  if (!environmentSchema.safeParse(named).success) throw DomainError.validation([{ field: 'environment', message: ENVIRONMENT_MESSAGE }]);
  throw new DomainError('forbidden', `A ${API_KEY_PREFIX[key.environment]} key acts only in ${key.environment}; use your ${key.environment === 'staging' ? 'production' : 'staging'} key for ${named as string}`);
}
