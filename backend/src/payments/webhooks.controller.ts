import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { gatewayIpnSchema, ipnProcessedSchema, PAYMENT_MESSAGES, type IpnProcessed } from '@tallyline/contracts';
import { Public } from '../platform/auth/auth.decorators.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { Ctx } from '../platform/http/request-context.js';
import { ApiZodBody, ApiZodResponse } from '../platform/http/zod-validation.js';
import { ProcessIpn } from './process-ipn/process-ipn.command.js';
import { GATEWAY_ACTOR_PREFIX } from './timeline/payment-timeline.js';

/** The gateway's IPN, at the URL the settings tab shows (/api/webhooks/{gateway name}). */
@ApiTags('webhooks')
@Controller('webhooks')
@Public()
export class WebhooksController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':gateway')
  @HttpCode(200)
  @ApiZodBody(gatewayIpnSchema, 'Verified through the gateway\'s transaction check before anything is recorded: 200 IPN processed, 400 Invalid IPN')
  @ApiZodResponse(200, ipnProcessedSchema, 'Verified and recorded; the same IPN again changes nothing and answers the same')
  @ApiResponse({ status: 400, description: `${PAYMENT_MESSAGES.invalidIpn}: malformed, or not what the gateway's transaction check says; nothing is recorded` })
  @ApiResponse({ status: 404, description: `${PAYMENT_MESSAGES.unknownGateway}: not this deployment's gateway` })
  ipn(@Param('gateway') gateway: string, @Body() body: unknown, @Ctx() ctx: CommandContext): Promise<IpnProcessed> {
    // What it records was caused by the gateway, not by an anonymous visitor: the timelines say so.
    return this.commandBus.execute(new ProcessIpn(gateway, body, { ...ctx, actor: { type: 'system', id: `${GATEWAY_ACTOR_PREFIX}${gateway}` } }));
  }
}
