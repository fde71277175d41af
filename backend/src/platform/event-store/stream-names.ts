/**
 * The only place stream names are built. `<category>-<id>`, no dash inside the category, because
 * EventStoreDB and most tools split the category at the first dash.
 */
export const streamNames = {
  user: (id: string) => `user-${id}`,
  merchant: (id: string) => `merchant-${id}`,
  application: (id: string) => `application-${id}`,
  paymentMethod: (id: string) => `payment_method-${id}`,
  payment: (id: string) => `payment-${id}`,
  cryptoPayment: (id: string) => `crypto_payment-${id}`,
  webhookEndpoint: (id: string) => `webhook_endpoint-${id}`,
  idempotencyKey: (id: string) => `idempotency_key-${id}`,
} as const;

export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}
