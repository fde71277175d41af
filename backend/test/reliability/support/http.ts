export interface Answer {
  status: number;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

/**
 * One HTTP call to the app process. A connection refused or cut (the app was killed) rejects: the
 * command was not acknowledged, whatever became of it.
 */
export async function call(base: string, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(60_000),
  });
  const body = await res.text();
  return { status: res.status, body, json: <T>() => JSON.parse(body) as T };
}

/** Like `call`, but anything but `expected` is an error: for the setup before the faults begin. */
export async function must(expected: number, base: string, method: string, path: string, options: Parameters<typeof call>[3] = {}): Promise<Answer> {
  const res = await call(base, method, path, options);
  if (res.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${res.status} ${res.body.slice(0, 300)}`);
  return res;
}

/** Polls `check` every 200 ms until it holds; fails naming `what` after `ms`. */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
