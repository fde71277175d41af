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

/**
 * The user name of an HTTP Basic `Authorization` (`curl -u sk_test_…:`, as Stripe's examples send a
 * secret key); undefined for anything else.
 */
export function basicUser(request: { headers: Record<string, string | string[] | undefined> }): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header) : null;
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : undefined;
}
