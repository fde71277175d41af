import { Controller, Get, Param, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { ApiKeyOnly, CurrentApiKey, Roles, type ApiKeyPrincipal } from '../platform/auth/auth.decorators.js';
import { callerOf } from './stripe-caller.js';
import { StripeErrorFilter } from './stripe-errors.js';
import { StripeEvents } from './stripe-events.js';
import { stripeList } from './stripe-objects.js';
import { eventListSchema, retrieveSchema, StripeQuery } from './stripe-params.js';

@ApiTags('stripe-compatible')
@Controller('v1/events')
@Roles('merchant')
@ApiKeyOnly()
@UseFilters(StripeErrorFilter)
export class StripeEventsController {
  constructor(private readonly events: StripeEvents) {}

  @Get()
  async list(@StripeQuery(eventListSchema) query: z.output<typeof eventListSchema>, @CurrentApiKey() key: ApiKeyPrincipal | undefined) {
    const { data, hasMore } = await this.events.list(callerOf(key), query);
    return stripeList('/v1/events', data, hasMore);
  }

  @Get(':id')
  retrieve(@Param('id') id: string, @StripeQuery(retrieveSchema) _none: object, @CurrentApiKey() key: ApiKeyPrincipal | undefined) {
    return this.events.get(callerOf(key), id);
  }
}
