import type { Environment } from '@tallyline/contracts';
import { AUTH_TOKEN_KEY } from '@tallyline/contracts/auth-token';
import { ENVIRONMENT_HEADER } from '@tallyline/contracts/environment-header';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * A non-OK answer. `message` is the spec's `<status>: <response text or status text>`;
 * `serverMessage` and `fieldErrors` carry the server's JSON error body so forms can show it.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly fieldErrors: FieldError[];

  constructor(status: number, text: string, statusText: string) {
    super(`${status}: ${text || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    const body = parseJson(text);
    this.serverMessage = typeof body?.message === 'string' ? body.message : undefined;
    this.fieldErrors = Array.isArray(body?.errors) ? (body.errors as FieldError[]) : [];
  }
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function getAuthToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart; the browser sets the boundary. */
  form?: FormData;
  /** Use this bearer token instead of the stored one (a new account before it becomes the session). */
  token?: string;
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
}

let servedEnvironmentListener: ((environment: Environment) => void) | undefined;

/**
 * Called with the environment an environment-scoped answer was served for (its Tallyline-Environment header),
 * before the answer is handed to its caller: lib/query-client.ts compares it with the badge.
 */
export function onServedEnvironment(listener: (environment: Environment) => void): void {
  servedEnvironmentListener = listener;
}

/** Every call sends credentials and the stored bearer token; non-OK answers throw an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.token ?? getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(path, { method: options.method ?? 'GET', headers, ...(body === undefined ? {} : { body }), credentials: 'include' });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  const served = response.headers.get(ENVIRONMENT_HEADER);
  if (served === 'production' || served === 'staging') servedEnvironmentListener?.(served);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The most helpful text for a person: the server's own message, else the error's, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
