import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CLIENT_CURRENCIES, type ClientCurrencies, type ClientDocumentation, type Environment } from '@tallyline/contracts';
import { MerchantQueries } from '../merchants/index.js';
import { AcceptsApiKey, CurrentApiKey, Roles, type ApiKeyPrincipal } from '../platform/auth/auth.decorators.js';
import type { AuthenticatedRequest } from '../platform/auth/authenticated-request.js';

/** The client API's reference calls (public-and-developer-areas §7): JWT or a secret API key. */
@ApiTags('client')
@Controller('client')
@Roles('merchant')
@AcceptsApiKey()
export class ClientApiController {
  constructor(private readonly merchants: MerchantQueries) {}

  @Get('currencies')
  currencies(): ClientCurrencies {
    return CLIENT_CURRENCIES;
  }

  /** Links to the OpenAPI document this server generates (absolute, for the caller's host). */
  @Get('documentation')
  async documentation(@CurrentApiKey() key: ApiKeyPrincipal | undefined, @Req() request: AuthenticatedRequest): Promise<ClientDocumentation> {
    const environment: Environment = key?.environment ?? (await this.merchants.current(request.user!.userId)).environment;
    const base = `${request.protocol}://${request.host}`;
    return {
      title: 'Tallyline API',
      version: '1.0',
      openApi: { json: `${base}/api/documentation-json`, ui: `${base}/api/documentation` },
      authentication: 'Authorization: Bearer <JWT from POST /api/auth/login> or Bearer <secret API key> (sk_test_ acts in staging, sk_live_ in production)',
      environment,
    };
  }
}
