// The webhooks feature's public API: everything outside webhooks/ imports from here only.
export { WebhooksModule } from './webhooks.module.js';
export { CreateWebhookEndpoint } from './create-webhook-endpoint/create-webhook-endpoint.command.js';
export { DeleteWebhookEndpoint } from './delete-webhook-endpoint/delete-webhook-endpoint.command.js';
export { WebhookFormats, type WebhookFormat, type FormattedMessage } from './outbox/webhook-formats.js';
export { WebhookQueries } from './webhooks.queries.js';
export { WebhookEndpointView } from './read-models/webhook-endpoint.entity.js';
