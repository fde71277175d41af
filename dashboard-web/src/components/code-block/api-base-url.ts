import { useSyncExternalStore } from 'react';

/** What the prerendered pages (entry-server.tsx) show until the browser knows its own origin. */
const PRERENDERED_BASE_URL = 'https://your-tallyline-host/api';
const neverChanges = () => () => undefined;
const liveBaseUrl = () => `${window.location.origin}/api`;

/**
 * The API root of the deployment the visitor is reading, so code samples work when pasted: Tallyline is
 * self-hosted, and staging and production share one host (the API key or `environment` field selects).
 * A hook so that hydrating a prerendered page first renders what the prerender wrote, then the live root.
 */
export function useApiBaseUrl(): string {
  return useSyncExternalStore(neverChanges, liveBaseUrl, () => PRERENDERED_BASE_URL);
}

/** Replaces every `{{BASE_URL}}` in a sample with the API root. */
export function withBaseUrl(code: string, baseUrl: string): string {
  return code.replaceAll('{{BASE_URL}}', baseUrl);
}
