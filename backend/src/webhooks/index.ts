// The webhooks feature's public API: everything outside webhooks/ imports from here only.
export { WebhooksModule } from './webhooks.module.js';
