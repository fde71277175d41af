import { Body, Controller, Get, Param, Patch, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  apiKeySchema,
  environmentChangeSchema,
  merchantRegisterRequestSchema,
  merchantSchema,
  rotateApiKeyParamsSchema,
  type ApiKey,
  type Merchant,
} from '@tallyline/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../platform/auth/auth.decorators.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { servedFor } from '../platform/http/environment-header.js';
import { Ctx } from '../platform/http/request-context.js';
import { TakesNoBody, TakesNoQuery } from '../platform/http/takes-nothing.js';
import { ApiZodBody, ApiZodResponse, zodPipe } from '../platform/http/zod-validation.js';
import { MerchantQueries } from './merchant-queries.js';
import { RegisterMerchant } from './register-merchant/register-merchant.command.js';
import { RotateApiKey } from './rotate-api-key/rotate-api-key.command.js';
import { SwitchEnvironment } from './switch-environment/switch-environment.command.js';

/**
 * The signed-in user's own merchant: the merchant id is the user id, so nothing here can reach another's.
 * Merchant accounts only: staff cannot make merchants or keys for themselves here.
 */
@ApiTags('merchants')
@Controller('merchants')
@Roles('merchant')
export class MerchantsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: MerchantQueries,
  ) {}

  @Post('register')
  @ApiZodBody(merchantRegisterRequestSchema)
  @ApiZodResponse(201, merchantSchema, 'The new merchant account')
  async register(
    @Body(zodPipe(merchantRegisterRequestSchema)) body: z.output<typeof merchantRegisterRequestSchema>,
    @CurrentUser() user: AuthUser,
    @Ctx() ctx: CommandContext,
  ): Promise<Merchant> {
    await this.commandBus.execute(new RegisterMerchant(user.userId, body, ctx));
    return this.queries.current(user.userId);
  }

  @TakesNoQuery()
  @Get('current')
  @ApiZodResponse(200, merchantSchema)
  async current(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<Merchant> {
    const merchant = await this.queries.current(user.userId);
    return servedFor(reply, merchant.environment, merchant);
  }

  @Patch('environment')
  @ApiZodBody(environmentChangeSchema, 'Omit the body (or the environment) to toggle.')
  @ApiZodResponse(200, merchantSchema, 'The merchant, in the environment it now acts in')
  async switchEnvironment(
    @Body(zodPipe(environmentChangeSchema)) body: z.output<typeof environmentChangeSchema>,
    @CurrentUser() user: AuthUser,
    @Ctx() ctx: CommandContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Merchant> {
    await this.commandBus.execute(new SwitchEnvironment(user.userId, body.environment, ctx));
    const merchant = await this.queries.current(user.userId);
    return servedFor(reply, merchant.environment, merchant);
  }

  @TakesNoQuery()
  @Get('api-keys')
  @ApiZodResponse(200, z.array(apiKeySchema), 'The active key of each environment that has one, masked: prefix, dots and the last 4 characters')
  apiKeys(@CurrentUser() user: AuthUser): Promise<ApiKey[]> {
    return this.queries.maskedKeys(user.userId);
  }

  /**
   * The only answer that ever shows the full secret. The route's parameters are validated as an object: a
   * bare value has no path, and a bad one was reported as the field "(body)" instead of "environment".
   */
  @Post('api-keys/:environment/rotate')
  @TakesNoBody()
  @ApiZodResponse(201, apiKeySchema, "key: the new secret, in full (the only time it is shown); the environment's previous key stops working")
  rotate(
    @Param(zodPipe(rotateApiKeyParamsSchema)) { environment }: z.output<typeof rotateApiKeyParamsSchema>,
    @CurrentUser() user: AuthUser,
    @Ctx() ctx: CommandContext,
  ): Promise<ApiKey> {
    return this.commandBus.execute(new RotateApiKey(user.userId, environment, ctx));
  }
}
