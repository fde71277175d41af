import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { WebhookEndpoint, WebhookEventType } from '@tallyline/contracts';
import type { z } from 'zod';
import { ApiKeyOnly, CurrentApiKey, Roles, type ApiKeyPrincipal } from '../../platform/auth/auth.decorators.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { Ctx } from '../../platform/http/request-context.js';
import { ApiZodBody } from '../../platform/http/zod-validation.js';
import { CreateWebhookEndpoint, DeleteWebhookEndpoint, WebhookQueries, type WebhookEndpointView } from '../../webhooks/index.js';
import type { Caller } from '../payment-intents.queries.js';
import { callerOf } from '../stripe-caller.js';
import { StripeApiError, StripeErrorFilter } from '../stripe-errors.js';
import { stripeIds, webhookEndpointIdOf } from '../stripe-ids.js';
import { stripeList, unix } from '../stripe-objects.js';
import { listSchema, retrieveSchema, stripePipe, StripeQuery, webhookEndpointCreateSchema } from '../stripe-params.js';
import { STRIPE_FORMAT } from './stripe-webhook-format.js';

type Endpoint = Pick<WebhookEndpointView, 'id' | 'url' | 'description' | 'eventTypes' | 'enabled' | 'environment' | 'createdAt'>;

/** Ours as Stripe's WebhookEndpoint; the secret only in the answer to its creation. */
const toWebhookEndpoint = (endpoint: Endpoint, secret?: string) => ({
  id: stripeIds.webhookEndpoint(endpoint.id),
  object: 'webhook_endpoint' as const,
  url: endpoint.url,
  description: endpoint.description,
  enabled_events: endpoint.eventTypes.length > 0 ? endpoint.eventTypes : ['*'],
  status: endpoint.enabled ? ('enabled' as const) : ('disabled' as const),
  created: unix(endpoint.createdAt),
  livemode: endpoint.environment === 'production',
  api_version: null,
  application: null,
  metadata: {},
  ...(secret ? { secret } : {}),
});

/**
 * Stripe's WebhookEndpoints over the webhooks feature's endpoints, in the Stripe format: the same
 * commands, delivery, retries and log; only the body (Stripe `event` objects) and the signature differ.
 */
@ApiTags('stripe-compatible')
@Controller('v1/webhook_endpoints')
@Roles('merchant')
@ApiKeyOnly()
@UseFilters(StripeErrorFilter)
export class StripeWebhookEndpointsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: WebhookQueries,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiZodBody(webhookEndpointCreateSchema, "url, enabled_events[] (Stripe's event names, or '*' for all); the answer alone shows the whsec_ secret")
  async create(
    @Body(stripePipe(webhookEndpointCreateSchema)) body: z.output<typeof webhookEndpointCreateSchema>,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Ctx() ctx: CommandContext,
  ) {
    const { merchantId, environment } = callerOf(key);
    // Stripe's event names are stored where the standard endpoints keep theirs; none: every event.
    const eventTypes = (body.enabled_events.includes('*') ? [] : [...new Set(body.enabled_events)]) as string[] as WebhookEventType[];
    const input = { url: body.url, description: body.description || null, eventTypes };
    const created: WebhookEndpoint = await this.commandBus.execute(new CreateWebhookEndpoint(merchantId, environment, input, ctx, STRIPE_FORMAT));
    return toWebhookEndpoint({ ...created, createdAt: new Date(created.createdAt) }, created.secret);
  }

  /** Newest first, as Stripe lists them. */
  @Get()
  async list(@StripeQuery(listSchema) query: z.output<typeof listSchema>, @CurrentApiKey() key: ApiKeyPrincipal | undefined) {
    const caller = callerOf(key);
    const all = (await this.queries.views(caller.merchantId, caller.environment, STRIPE_FORMAT)).reverse().map((view) => toWebhookEndpoint(view));
    const at = (id: string, param: string) => {
      const index = all.findIndex((endpoint) => endpoint.id === id);
      if (index < 0) throw StripeApiError.invalid(`No such webhook_endpoint: '${id.slice(0, 100)}'`, 'resource_missing', param, 404);
      return index;
    };
    let page;
    if (query.ending_before) {
      const end = at(query.ending_before, 'ending_before');
      page = { data: all.slice(Math.max(0, end - query.limit), end), hasMore: end - query.limit > 0 };
    } else {
      const start = query.starting_after ? at(query.starting_after, 'starting_after') + 1 : 0;
      page = { data: all.slice(start, start + query.limit), hasMore: start + query.limit < all.length };
    }
    return stripeList('/v1/webhook_endpoints', page.data, page.hasMore);
  }

  @Get(':id')
  async retrieve(@Param('id') id: string, @StripeQuery(retrieveSchema) _none: object, @CurrentApiKey() key: ApiKeyPrincipal | undefined) {
    return toWebhookEndpoint(await this.endpoint(callerOf(key), id));
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@Param('id') id: string, @CurrentApiKey() key: ApiKeyPrincipal | undefined, @Ctx() ctx: CommandContext) {
    const caller = callerOf(key);
    const endpoint = await this.endpoint(caller, id);
    await this.commandBus.execute(new DeleteWebhookEndpoint(caller.merchantId, endpoint.id, ctx));
    return { id: stripeIds.webhookEndpoint(endpoint.id), object: 'webhook_endpoint' as const, deleted: true as const };
  }

  /** The key's own Stripe-format endpoint; any other (another merchant's, environment's, or a standard one) is missing. */
  private async endpoint(caller: Caller, id: string): Promise<WebhookEndpointView> {
    const view = await this.queries.view(caller.merchantId, caller.environment, webhookEndpointIdOf(id), STRIPE_FORMAT).catch(() => undefined);
    if (!view) throw StripeApiError.invalid(`No such webhook_endpoint: '${id.slice(0, 100)}'`, 'resource_missing', 'id', 404);
    return view;
  }
}
