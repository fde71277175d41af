import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Environment, Merchant } from '@tallyline/contracts';
import { AcceptsApiKey, CurrentApiKey, Roles, type ApiKeyPrincipal } from '../platform/auth/auth.decorators.js';
import type { AuthenticatedRequest } from '../platform/auth/authenticated-request.js';
import { MerchantQueries } from './merchant-queries.js';

/** For integrators: who am I, and in which environment does this credential act. */
@ApiTags('client')
@Controller('client')
@Roles('merchant')
@AcceptsApiKey()
export class ClientMerchantController {
  constructor(private readonly queries: MerchantQueries) {}

  @Get('merchant')
  async merchant(@CurrentApiKey() key: ApiKeyPrincipal | undefined, @Req() request: AuthenticatedRequest): Promise<Merchant & { credentialEnvironment: Environment }> {
    const merchant = await this.queries.current(key?.merchantId ?? request.user!.userId);
    return { ...merchant, credentialEnvironment: key?.environment ?? merchant.environment };
  }
}
