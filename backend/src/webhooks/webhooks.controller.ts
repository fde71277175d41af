import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  webhookDeliveryListQuerySchema,
  webhookDeliveryPageSchema,
  webhookDeliveryRetrySchema,
  webhookEndpointCreateSchema,
  webhookEndpointListQuerySchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookReplayQuerySchema,
  webhookReplayResultSchema,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookReplayResult,
  type Environment,
} from '@tallyline/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { MerchantQueries } from '../merchants/index.js';
import { AcceptsApiKey, CurrentApiKey, Roles, type ApiKeyPrincipal } from '../platform/auth/auth.decorators.js';
import type { AuthenticatedRequest } from '../platform/auth/authenticated-request.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { servedFor } from '../platform/http/environment-header.js';
import { Ctx } from '../platform/http/request-context.js';
import { TakesNoBody } from '../platform/http/takes-nothing.js';
import { ApiZodBody, ApiZodResponse, zodPipe, ZodQuery } from '../platform/http/zod-validation.js';
import { CreateWebhookEndpoint } from './create-webhook-endpoint/create-webhook-endpoint.command.js';
import { DeleteWebhookEndpoint } from './delete-webhook-endpoint/delete-webhook-endpoint.command.js';
import { WebhookOutbox } from './outbox/webhook-outbox.js';
import { WebhookReplay } from './outbox/webhook-replay.js';
import { RotateWebhookSecret } from './rotate-webhook-secret/rotate-webhook-secret.command.js';
import { UpdateWebhookEndpoint } from './update-webhook-endpoint/update-webhook-endpoint.command.js';
import { WebhookQueries } from './webhooks.queries.js';

/**
 * A merchant's webhook endpoints. New ones and the list are in its current environment (an API key:
 * the key's). Another merchant's endpoint is not found, as is another environment's for a key.
 */
@ApiTags('webhooks')
@Controller('webhook-endpoints')
@Roles('merchant')
@AcceptsApiKey()
export class WebhookEndpointsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: WebhookQueries,
    private readonly merchants: MerchantQueries,
    private readonly outbox: WebhookOutbox,
    private readonly replays: WebhookReplay,
  ) {}

  /** New endpoints and the list: the key's environment, or the merchant's current one. */
  private async callerOf(key: ApiKeyPrincipal | undefined, request: AuthenticatedRequest, named?: Environment) {
    if (key) return { merchantId: key.merchantId, environment: key.environment };
    const merchant = await this.merchants.current(request.user!.userId);
    return { merchantId: merchant.id, environment: named ?? merchant.environment };
  }

  /** One endpoint: a key reaches its own environment's only, a session its merchant's in both (as with payments). */
  private async endpointOf(key: ApiKeyPrincipal | undefined, request: AuthenticatedRequest, id: string) {
    const { merchantId } = await this.callerOf(key, request);
    return this.queries.view(merchantId, key?.environment, id);
  }

  /** The answer shows the signing secret in full: the only time, with rotate-secret. */
  @Post()
  @HttpCode(201)
  @ApiZodBody(webhookEndpointCreateSchema, 'eventTypes absent or empty: every event type')
  @ApiZodResponse(201, webhookEndpointSchema, 'The endpoint, its signing secret in full (this once)')
  async create(
    @Body(zodPipe(webhookEndpointCreateSchema)) body: z.output<typeof webhookEndpointCreateSchema>,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
    @Ctx() ctx: CommandContext,
  ): Promise<WebhookEndpoint> {
    const { merchantId, environment } = await this.callerOf(key, request);
    const input = { url: body.url, description: body.description || null, eventTypes: [...new Set(body.eventTypes ?? [])] };
    return this.commandBus.execute(new CreateWebhookEndpoint(merchantId, environment, input, ctx));
  }

  @Get()
  @ApiZodResponse(200, z.array(webhookEndpointSchema), 'Secrets masked')
  async list(
    @ZodQuery(webhookEndpointListQuerySchema) query: z.output<typeof webhookEndpointListQuerySchema>,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WebhookEndpoint[]> {
    const { merchantId, environment } = await this.callerOf(key, request, query.environment);
    return servedFor(reply, environment, await this.queries.list(merchantId, environment));
  }

  @Get(':id')
  @ApiZodResponse(200, webhookEndpointSchema, 'Secret masked')
  async get(@Param('id') id: string, @CurrentApiKey() key: ApiKeyPrincipal | undefined, @Req() request: AuthenticatedRequest): Promise<WebhookEndpoint> {
    const { merchantId } = await this.endpointOf(key, request, id);
    return this.queries.one(merchantId, undefined, id);
  }

  @Patch(':id')
  @ApiZodBody(webhookEndpointUpdateSchema)
  @ApiZodResponse(200, webhookEndpointSchema, 'Secret masked')
  async update(
    @Param('id') id: string,
    @Body(zodPipe(webhookEndpointUpdateSchema)) body: z.output<typeof webhookEndpointUpdateSchema>,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
    @Ctx() ctx: CommandContext,
  ): Promise<WebhookEndpoint> {
    const { merchantId } = await this.endpointOf(key, request, id);
    const eventTypes = body.eventTypes && [...new Set(body.eventTypes)];
    await this.commandBus.execute(new UpdateWebhookEndpoint(merchantId, id, { url: body.url, eventTypes, enabled: body.enabled }, ctx));
    return this.queries.one(merchantId, undefined, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'Deleted' })
  async remove(@Param('id') id: string, @CurrentApiKey() key: ApiKeyPrincipal | undefined, @Req() request: AuthenticatedRequest, @Ctx() ctx: CommandContext): Promise<void> {
    const { merchantId } = await this.endpointOf(key, request, id);
    await this.commandBus.execute(new DeleteWebhookEndpoint(merchantId, id, ctx));
  }

  /** The new secret in full, this once; the old one stops signing at once. */
  @Post(':id/rotate-secret')
  @HttpCode(200)
  @TakesNoBody()
  @ApiZodResponse(200, webhookEndpointSchema, 'The endpoint, its new signing secret in full (this once)')
  async rotateSecret(
    @Param('id') id: string,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
    @Ctx() ctx: CommandContext,
  ): Promise<WebhookEndpoint> {
    const { merchantId } = await this.endpointOf(key, request, id);
    const secret = await this.commandBus.execute(new RotateWebhookSecret(merchantId, id, ctx));
    return { ...(await this.queries.one(merchantId, undefined, id)), secret };
  }

  @Get(':id/deliveries')
  @ApiZodResponse(200, webhookDeliveryPageSchema, 'Newest first; nextCursor is null on the last page')
  async deliveries(
    @Param('id') id: string,
    @ZodQuery(webhookDeliveryListQuerySchema) query: z.output<typeof webhookDeliveryListQuerySchema>,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
  ): Promise<WebhookDeliveryPage> {
    await this.endpointOf(key, request, id);
    return this.queries.deliveries(id, query.limit, query.cursor);
  }

  @Post(':id/deliveries/:deliveryId/retry')
  @HttpCode(202)
  @TakesNoBody()
  @ApiZodResponse(202, webhookDeliveryRetrySchema, 'Queued for delivery again')
  async retry(
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
  ): Promise<{ id: string; status: 'pending' }> {
    await this.endpointOf(key, request, id);
    await this.outbox.retry(id, deliveryId);
    return { id: deliveryId, status: 'pending' };
  }

  /** Every matching event recorded since `since`, read again from the event log, queued again. */
  @Post(':id/replay')
  @HttpCode(202)
  @TakesNoBody()
  @ApiZodResponse(202, webhookReplayResultSchema)
  async replay(
    @Param('id') id: string,
    @ZodQuery(webhookReplayQuerySchema) query: z.output<typeof webhookReplayQuerySchema>,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
  ): Promise<WebhookReplayResult> {
    const endpoint = await this.endpointOf(key, request, id);
    return { queued: await this.replays.since(endpoint, new Date(query.since)) };
  }
}
