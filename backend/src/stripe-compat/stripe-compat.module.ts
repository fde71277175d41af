import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { FastifyInstance } from 'fastify';
import { PaymentsModule, PaymentView } from '../payments/index.js';
import { StripeEventsController } from './events.controller.js';
import { acceptFormBodies } from './form-bodies.js';
import { PaymentHistories } from './payment-history.js';
import { PaymentIntentsController } from './payment-intents.controller.js';
import { PaymentIntentQueries } from './payment-intents.queries.js';
import { StripeRefundsController } from './refunds.controller.js';
import { StripeEvents } from './stripe-events.js';

/**
 * The Stripe-compatible API (/v1): a second door onto the payments feature's commands, events and
 * read model, in the shapes Stripe's official libraries expect.
 */
@Module({
  imports: [PaymentsModule, TypeOrmModule.forFeature([PaymentView])],
  controllers: [PaymentIntentsController, StripeRefundsController, StripeEventsController],
  providers: [PaymentIntentQueries, PaymentHistories, StripeEvents],
})
export class StripeCompatModule implements OnModuleInit {
  constructor(private readonly http: HttpAdapterHost) {}

  onModuleInit(): void {
    // The CLI commands (npm run replay, processors, …) run an application context without HTTP.
    const adapter = this.http.httpAdapter as HttpAdapterHost['httpAdapter'] | undefined;
    if (adapter) acceptFormBodies(adapter.getInstance<FastifyInstance>());
  }
}
