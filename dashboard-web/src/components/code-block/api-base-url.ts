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
