/**
 * The API root of the deployment the visitor is reading, so code samples work when pasted: Tallyline is
 * self-hosted, and staging and production share one host (the API key or `environment` field selects).
 */
export function apiBaseUrl(): string {
  return typeof window === 'undefined' ? 'https://your-tallyline-host/api' : `${window.location.origin}/api`;
}

/** Replaces every `{{BASE_URL}}` in a sample with the live API root. */
export function withBaseUrl(code: string): string {
  return code.replaceAll('{{BASE_URL}}', apiBaseUrl());
}

/**
 * Replaces `{{STRIPE_HOST}}`, `{{STRIPE_PORT}}` and `{{STRIPE_PROTOCOL}}` with this deployment's, as
 * stripe-node's `new Stripe(key, { host, port, protocol })` takes them (the /v1 routes are at the root).
 */
export function withStripeHost(code: string): string {
  const url = new URL(typeof window === 'undefined' ? 'https://your-tallyline-host' : window.location.origin);
  const protocol = url.protocol.replace(':', '');
  const port = url.port || (protocol === 'https' ? '443' : '80');
  return code.replaceAll('{{STRIPE_HOST}}', url.hostname).replaceAll('{{STRIPE_PORT}}', port).replaceAll('{{STRIPE_PROTOCOL}}', protocol);
}
