import Stripe from 'stripe';
import type { TestApp } from './app.js';
import { bearer, registerMerchant } from './auth.js';

/**
 * A new merchant's staging key (sk_test_…), as the Developers page rotates one, and stripe-node on it.
 * `showingStaging`: the merchant's dashboard switched to staging too (where its test payments show).
 */
export async function stripeClient(t: TestApp, { showingStaging = false } = {}): Promise<{ client: Stripe; token: string }> {
  const { token } = await registerMerchant(t);
  if (showingStaging) await t.request({ method: 'PATCH', url: '/api/merchants/environment', headers: bearer(token), payload: { environment: 'staging' } });
  const res = await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) });
  const { port } = new URL(t.config.publicUrl);
  return { client: new Stripe(res.json<{ key: string }>().key, { host: '127.0.0.1', port: Number(port), protocol: 'http' }), token };
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
