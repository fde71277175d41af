// The Stripe-compatible API's public surface: the app mounts its module.
export { StripeCompatModule } from './stripe-compat.module.js';
