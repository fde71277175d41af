import { fetchUtils, HttpError } from 'react-admin';
import { sessionToken } from '../auth/session';

function withBearer(headers: Headers): Headers {
  const token = sessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** JSON calls for the data provider: the staff session's Bearer token on every request. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  // Without a session every call is a 401: the server need not be asked (the sign-in form is on its way).
  if (!sessionToken()) throw new HttpError('Authentication required', 401);
  const headers = withBearer(new Headers(options.headers ?? { Accept: 'application/json' }));
  return fetchUtils.fetchJson(url, { ...options, headers });
}

/**
 * Files (documents, NDJSON exports) need the Bearer header too, so a plain link cannot fetch them: we
 * fetch the bytes and hand them out as an object URL. Errors become HttpError like JSON calls, so a 401
 * still signs the user out.
 */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { headers: withBearer(new Headers()), signal: signal ?? null });
  if (!response.ok) {
    let body: unknown = undefined;
    let message = response.statusText;
    try {
      body = await response.json();
      const bodyMessage = (body as { message?: unknown }).message;
      if (typeof bodyMessage === 'string' && bodyMessage) message = bodyMessage;
    } catch {
      // not JSON: keep the status text
    }
    throw new HttpError(message, response.status, body);
  }
  return response.blob();
}
