import { SAMPLE_CREDENTIALS, type ClientCall } from '../client-calls';

/** One answer as the viewer shows it: the HTTP status and the body as it came. */
export interface RawResponse {
  status: number;
  ok: boolean;
  body: unknown;
}

/**
 * The page speaks to the API as an integrator would: its own token in the Authorization header, never
 * the site's session, and every answer (refusals too) is something to show rather than an exception.
 */
async function send(method: 'GET' | 'POST', path: string, token: string | null, json?: unknown): Promise<RawResponse> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: shown as text.
  }
  return { status: response.status, ok: response.ok, body };
}

/** POST /api/auth/login with the sample credentials; the token stays in the page, never in storage. */
export const signInWithSampleCredentials = () => send('POST', '/api/auth/login', null, SAMPLE_CREDENTIALS);

export const callClientApi = (call: ClientCall, token: string) => send(call.method, call.path, token, call.body?.());

/** The server's own message in an error body, if it has one. */
export function serverMessage(body: unknown): string | undefined {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}
