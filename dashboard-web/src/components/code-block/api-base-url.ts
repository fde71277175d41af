import { useSyncExternalStore } from 'react';

/** What the prerendered pages (entry-server.tsx) show until the browser knows its own origin. */
const PRERENDERED_ORIGIN = 'https://your-tallyline-host';
const neverChanges = () => () => undefined;
const liveOrigin = () => window.location.origin;

/**
 * The origin of the deployment the visitor is reading, so code samples work when pasted: Tallyline is
 * self-hosted, and staging and production share one host (the API key or `environment` field selects).
 * A hook so that hydrating a prerendered page first renders what the prerender wrote, then the live one.
 */
function useOrigin(): string {
  return useSyncExternalStore(neverChanges, liveOrigin, () => PRERENDERED_ORIGIN);
}

/** The API root of this deployment (see useOrigin). */
export function useApiBaseUrl(): string {
  return `${useOrigin()}/api`;
}

/** Every placeholder of a sample filled in for `origin`: `{{BASE_URL}}` the API root, and `{{STRIPE_HOST}}`,
 * `{{STRIPE_PORT}}`, `{{STRIPE_PROTOCOL}}` as stripe-node's `new Stripe(key, { host, port, protocol })`
 * takes them (the /v1 routes are at the root). */
function withPlaceholders(code: string, origin: string): string {
  const url = new URL(origin);
  const protocol = url.protocol.replace(':', '');
  const port = url.port || (protocol === 'https' ? '443' : '80');
  return code
    .replaceAll('{{BASE_URL}}', `${origin}/api`)
    .replaceAll('{{STRIPE_HOST}}', url.hostname)
    .replaceAll('{{STRIPE_PORT}}', port)
    .replaceAll('{{STRIPE_PROTOCOL}}', protocol);
}

/** A sample as the visitor should paste it: every placeholder filled in for this deployment. */
export function useSample(code: string): string {
  return withPlaceholders(code, useOrigin());
}
