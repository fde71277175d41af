import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ipnSettingsSchema, type IpnSettings } from '@tallyline/contracts';
import { MerchantQueries } from '../merchants/index.js';
import { CurrentUser, Roles, type AuthUser } from '../platform/auth/auth.decorators.js';
import { AppConfig } from '../platform/config/app-config.js';
import { ApiZodResponse } from '../platform/http/zod-validation.js';

/** The gateway's name is deployment configuration, so the settings tab asks for the IPN URL instead of guessing it. */
@ApiTags('merchants')
@Controller('merchants')
@Roles('merchant')
export class IpnSettingsController {
  constructor(
    private readonly config: AppConfig,
    private readonly merchants: MerchantQueries,
  ) {}

  @Get('ipn')
  @ApiZodResponse(200, ipnSettingsSchema)
  async ipn(@CurrentUser() user: AuthUser): Promise<IpnSettings> {
    await this.merchants.current(user.userId);
    const gateway = this.config.gateway.name;
    return { gateway, url: `${this.config.publicUrl}/api/webhooks/${encodeURIComponent(gateway)}` };
  }
}
