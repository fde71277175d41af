import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { clientMerchantSchema, type ClientMerchant } from '@tallyline/contracts';
import { AcceptsApiKey, CurrentApiKey, Roles, type ApiKeyPrincipal } from '../platform/auth/auth.decorators.js';
import type { AuthenticatedRequest } from '../platform/auth/authenticated-request.js';
import { ApiZodResponse } from '../platform/http/zod-validation.js';
import { MerchantQueries } from './merchant-queries.js';

/** For integrators: who am I, and in which environment does this credential act. */
@ApiTags('client')
@Controller('client')
@Roles('merchant')
@AcceptsApiKey()
export class ClientMerchantController {
  constructor(private readonly queries: MerchantQueries) {}

  @Get('merchant')
  @ApiZodResponse(200, clientMerchantSchema)
  async merchant(@CurrentApiKey() key: ApiKeyPrincipal | undefined, @Req() request: AuthenticatedRequest): Promise<ClientMerchant> {
    const merchant = await this.queries.current(key?.merchantId ?? request.user!.userId);
    return { ...merchant, credentialEnvironment: key?.environment ?? merchant.environment };
  }
}
