import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { DomainError } from '../domain-error.js';
import type { RequestWithActor } from '../http/request-context.js';
import { ApiKeyLookup, UserLookup, type ApiKeyPrincipal, type AuthUser } from './auth-user.js';

export type AccessMode = 'session' | 'staff' | 'merchant-api';
export const ACCESS_MODE = 'tallyline:access-mode';

export interface AuthenticatedRequest extends RequestWithActor {
  user?: AuthUser;
  apiKey?: ApiKeyPrincipal;
}

const unauthorized = () => new DomainError('unauthorized', 'Authentication required');

/**
 * One guard for every protected route. The token names the user; the role is read from the database
 * on each request, never trusted from the token.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly users: UserLookup,
    private readonly apiKeys: ApiKeyLookup,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const mode = this.reflector.getAllAndOverride<AccessMode>(ACCESS_MODE, [context.getHandler(), context.getClass()]);
    if (!mode) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request);
    if (!token) throw unauthorized();

    if (token.startsWith('sk_')) {
      if (mode !== 'merchant-api') throw unauthorized();
      const key = await this.apiKeys.bySecret(token);
      if (!key) throw new DomainError('unauthorized', 'Invalid API key');
      request.apiKey = key;
      request.actor = { type: 'api_key', id: key.keyId };
      return true;
    }

    const user = await this.userFromJwt(token);
    request.user = user;
    request.actor = { type: user.role === 'staff' ? 'staff' : 'user', id: user.userId };
    if (mode === 'staff' && user.role !== 'staff') throw new DomainError('forbidden', 'Staff access only');
    return true;
  }

  private async userFromJwt(token: string): Promise<AuthUser> {
    let subject: string;
    try {
      subject = (await this.jwt.verifyAsync<{ sub: string }>(token, { algorithms: ['HS256'] })).sub;
    } catch {
      throw new DomainError('unauthorized', 'Invalid or expired token');
    }
    const user = subject ? await this.users.userById(subject) : undefined;
    if (!user) throw new DomainError('unauthorized', 'Invalid or expired token');
    return user;
  }
}

function bearerToken(request: AuthenticatedRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}
