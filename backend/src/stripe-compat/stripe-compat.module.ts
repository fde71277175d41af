import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { FastifyInstance } from 'fastify';
import { PaymentsModule, PaymentView } from '../payments/index.js';
import { ErrorShapes } from '../platform/http/error-filter.js';
import { WebhookFormats, WebhooksModule } from '../webhooks/index.js';
import { StripeEventsController } from './events.controller.js';
import { acceptFormBodies } from './form-bodies.js';
import { PaymentHistories } from './payment-history.js';
import { PaymentIntentsController } from './payment-intents.controller.js';
import { PaymentIntentQueries } from './payment-intents.queries.js';
import { StripeEventView } from './read-models/stripe-event.entity.js';
import { StripeEventsProjection } from './read-models/stripe-events.projection.js';
import { StripeRefundsController } from './refunds.controller.js';
import { StripeErrorFilter, stripeErrorAnswerSchema } from './stripe-errors.js';
import { StripeEvents } from './stripe-events.js';
import { StripeWebhookFormat } from './webhooks/stripe-webhook-format.js';
import { StripeWebhookEndpointsController } from './webhooks/webhook-endpoints.controller.js';

/**
 * The Stripe-compatible API (/v1): a second door onto the payments feature's commands, events and
 * read model, in the shapes Stripe's official libraries expect.
 */
@Module({
  imports: [PaymentsModule, WebhooksModule, TypeOrmModule.forFeature([PaymentView, StripeEventView])],
  controllers: [PaymentIntentsController, StripeRefundsController, StripeEventsController, StripeWebhookEndpointsController],
  providers: [PaymentIntentQueries, PaymentHistories, StripeEvents, StripeEventsProjection, StripeWebhookFormat],
})
export class StripeCompatModule implements OnModuleInit {
  constructor(
    private readonly http: HttpAdapterHost,
    private readonly webhookFormats: WebhookFormats,
    private readonly stripeFormat: StripeWebhookFormat,
    private readonly errorShapes: ErrorShapes,
  ) {}

  onModuleInit(): void {
    // An application context (`npm run replay` and the other CLI commands, the benchmarks) has no HTTP
    // server: nothing to configure, and it must still start.
    const adapter = this.http.httpAdapter as HttpAdapterHost['httpAdapter'] | null | undefined;
    if (adapter) acceptFormBodies(adapter.getInstance<FastifyInstance>());
    this.webhookFormats.register(this.stripeFormat);
    this.errorShapes.register('/v1', new StripeErrorFilter(), { name: 'StripeError', schema: stripeErrorAnswerSchema });
  }
}
