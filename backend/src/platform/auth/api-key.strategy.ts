import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-custom';
import { ApiKeyLookup, type ApiKeyPrincipal } from './auth-user.js';
import { basicUser, bearerToken, type AuthenticatedRequest } from './authenticated-request.js';

/**
 * Secret API keys (`sk_test_…` / `sk_live_…`) as bearer tokens, or as the user name of HTTP Basic
 * authentication (`curl -u sk_test_…:`), recognised by their sha256.
 */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, 'api-key') {
  constructor(private readonly keys: ApiKeyLookup) {
    super();
  }

  async validate(request: AuthenticatedRequest): Promise<ApiKeyPrincipal | false> {
    const token = bearerToken(request) ?? basicUser(request);
    if (!token?.startsWith('sk_')) return false;
    return (await this.keys.bySecret(token)) ?? false;
  }
}
