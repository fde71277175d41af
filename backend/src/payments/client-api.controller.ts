import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CLIENT_CURRENCIES,
  clientCurrenciesSchema,
  clientDocumentationSchema,
  merchantStatsSchema,
  type ClientCurrencies,
  type ClientDocumentation,
  type Environment,
  type MerchantStats,
} from '@tallyline/contracts';
import { MerchantQueries } from '../merchants/index.js';
import { AcceptsApiKey, CurrentApiKey, Roles, type ApiKeyPrincipal } from '../platform/auth/auth.decorators.js';
import type { AuthenticatedRequest } from '../platform/auth/authenticated-request.js';
import { AppConfig } from '../platform/config/app-config.js';
import { ApiZodResponse } from '../platform/http/zod-validation.js';
import { PaymentStatsQueries } from './stats/payment-stats.queries.js';

/** The client API's reference calls (public-and-developer-areas §7): JWT or a secret API key. */
@ApiTags('client')
@Controller('client')
@Roles('merchant')
@AcceptsApiKey()
export class ClientApiController {
  constructor(
    private readonly merchants: MerchantQueries,
    private readonly stats: PaymentStatsQueries,
    private readonly config: AppConfig,
  ) {}

  /** A key's merchant and environment, or the session's merchant in its current environment. */
  private async callerOf(key: ApiKeyPrincipal | undefined, request: AuthenticatedRequest): Promise<{ merchantId: string; environment: Environment }> {
    if (key) return { merchantId: key.merchantId, environment: key.environment };
    const merchant = await this.merchants.current(request.user!.userId);
    return { merchantId: merchant.id, environment: merchant.environment };
  }

  /** The dashboard's figures (GET /api/merchants/stats) for the key's environment. */
  @Get('stats')
  @ApiZodResponse(200, merchantStatsSchema, "Amounts in major units of each currency; the top-level figures are the busiest currency's")
  async statsOf(@CurrentApiKey() key: ApiKeyPrincipal | undefined, @Req() request: AuthenticatedRequest): Promise<MerchantStats> {
    const { merchantId, environment } = await this.callerOf(key, request);
    return this.stats.of(merchantId, environment);
  }

  @Get('currencies')
  @ApiZodResponse(200, clientCurrenciesSchema)
  currencies(): ClientCurrencies {
    return CLIENT_CURRENCIES;
  }

  /** Links to the OpenAPI document this server generates, at PUBLIC_URL like every other link it gives (never the request's Host). */
  @Get('documentation')
  @ApiZodResponse(200, clientDocumentationSchema)
  async documentation(@CurrentApiKey() key: ApiKeyPrincipal | undefined, @Req() request: AuthenticatedRequest): Promise<ClientDocumentation> {
    const { environment } = await this.callerOf(key, request);
    const base = this.config.publicUrl;
    return {
      title: 'Tallyline API',
      version: '1.0',
      openApi: { json: `${base}/api/documentation-json`, ui: `${base}/api/documentation` },
      authentication: 'Authorization: Bearer <JWT from POST /api/auth/login> or Bearer <secret API key> (sk_test_ acts in staging, sk_live_ in production)',
      environment,
    };
  }
}
