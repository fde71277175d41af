import Stripe from 'stripe';

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
