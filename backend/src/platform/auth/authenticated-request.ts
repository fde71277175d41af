import type { RequestWithActor } from '../http/request-context.js';
import type { ApiKeyPrincipal, AuthUser } from './auth-user.js';

/** A request after the authentication guard: a signed-in user, or an API key's principal. */
export interface AuthenticatedRequest extends RequestWithActor {
  user?: AuthUser | undefined;
  apiKey?: ApiKeyPrincipal;
}

export function bearerToken(request: { headers: Record<string, string | string[] | undefined> }): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}
