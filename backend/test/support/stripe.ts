import Stripe from 'stripe';
import type { TestApp } from './app.js';
import { bearer, registerMerchant } from './auth.js';

/**
 * A new merchant's staging key (sk_test_…), as the Developers page rotates one, and stripe-node on it.
 * `showingStaging`: the merchant's dashboard switched to staging too (where its test payments show).
 * `environment: 'production'`: its live key (sk_live_…) instead.
 */
export async function stripeClient(
  t: TestApp,
  { showingStaging = false, environment = 'staging' }: { showingStaging?: boolean; environment?: 'staging' | 'production' } = {},
): Promise<{ client: Stripe; token: string; key: string }> {
  const { token } = await registerMerchant(t);
  if (showingStaging) await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(token), payload: { environment: 'staging' } });
  const res = await t.request({ method: 'POST', url: `/api/merchants/api-keys/${environment}/rotate`, headers: bearer(token) });
  const { port } = new URL(t.config.publicUrl);
  const key = res.json<{ key: string }>().key;
  return { client: new Stripe(key, { host: '127.0.0.1', port: Number(port), protocol: 'http' }), token, key };
}

/** Our payment id inside a pi_ id (the UUID without its dashes). */
export const paymentIdOf = (intentId: string) => intentId.slice(3).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** The error a call rejects with (stripe-node's typed errors). */
export async function failureOf(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Stripe.errors.StripeError)) throw new Error(`expected a StripeError, got ${String(error)}`);
  return error;
}
