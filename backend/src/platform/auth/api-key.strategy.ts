import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-custom';
import { ApiKeyThrottle } from './api-key-throttle.js';
import { ApiKeyLookup, type ApiKeyPrincipal } from './auth-user.js';
import { basicUser, bearerToken, type AuthenticatedRequest } from './authenticated-request.js';

/**
 * Secret API keys (`sk_test_…` / `sk_live_…`) as bearer tokens, or as the user name of HTTP Basic
 * authentication (`curl -u sk_test_…:`), recognised by their sha256. Wrong keys are counted per client
 * address (ApiKeyThrottle); the key itself is never logged or stored.
 */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, 'api-key') {
  constructor(
    private readonly keys: ApiKeyLookup,
    private readonly throttle: ApiKeyThrottle,
  ) {
    super();
  }

  async validate(request: AuthenticatedRequest): Promise<ApiKeyPrincipal | false> {
    const token = bearerToken(request) ?? basicUser(request);
    if (!token?.startsWith('sk_')) return false;
    await this.throttle.assertAllowed(request.ip);
    const principal = await this.keys.bySecret(token);
    if (!principal) await this.throttle.recordFailure(request.ip);
    return principal ?? false;
  }
}
