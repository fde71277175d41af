import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreateWebhookEndpointHandler } from './create-webhook-endpoint/create-webhook-endpoint.handler.js';
import { DeleteWebhookEndpointHandler } from './delete-webhook-endpoint/delete-webhook-endpoint.handler.js';
import { DeliveryRecorder } from './delivery/delivery-recorder.js';
import { DeliveryWorker } from './delivery/delivery-worker.js';
import { OutboxVacuum } from './delivery/outbox-vacuum.js';
import { WebhookClock } from './delivery/webhook-clock.js';
import { DisableWebhookEndpointHandler } from './disable-webhook-endpoint/disable-webhook-endpoint.handler.js';
import { EndpointSecrets } from './endpoints/endpoint-secrets.js';
import { WebhookFormats } from './outbox/webhook-formats.js';
import { WebhookOutbox } from './outbox/webhook-outbox.js';
import { WebhookOutboxReactor } from './outbox/webhook-outbox.reactor.js';
import { WebhookReplay } from './outbox/webhook-replay.js';
import { WebhookEndpointView } from './read-models/webhook-endpoint.entity.js';
import { WebhookEndpointsProjection } from './read-models/webhook-endpoints.projection.js';
import { RotateWebhookSecretHandler } from './rotate-webhook-secret/rotate-webhook-secret.handler.js';
import { UpdateWebhookEndpointHandler } from './update-webhook-endpoint/update-webhook-endpoint.handler.js';
import { WebhookEndpointsController } from './webhooks.controller.js';
import { WebhookQueries } from './webhooks.queries.js';

/** Outbound webhooks: endpoints, the outbox its reactor fills from events, signed delivery with retries. */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookEndpointView])],
  controllers: [WebhookEndpointsController],
  providers: [
    CreateWebhookEndpointHandler,
    UpdateWebhookEndpointHandler,
    RotateWebhookSecretHandler,
    DeleteWebhookEndpointHandler,
    DisableWebhookEndpointHandler,
    EndpointSecrets,
    WebhookQueries,
    WebhookEndpointsProjection,
    WebhookOutboxReactor,
    WebhookOutbox,
    WebhookReplay,
    WebhookClock,
    DeliveryRecorder,
    DeliveryWorker,
    OutboxVacuum,
    WebhookFormats,
  ],
  exports: [WebhookFormats, WebhookQueries, EndpointSecrets],
})
export class WebhooksModule {}
