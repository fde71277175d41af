import { z } from 'zod';
import type { TestApp } from './app.js';
import { bearer } from './auth.js';

type Stated = { headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown }> };

/**
 * A checker of real answers against the document: `check` calls `path` (its {params} filled from
 * `params`) as `auth` (the default's bearer, or no Authorization with null), with `headers`, and checks
 * the answer against what the document states for its operation and status: the JSON body against the
 * schema (read back by zod's JSON Schema reader, not the zod schema it was made from), no body where
 * none is stated, a stated type for a file, each stated header. It returns the body; what does not
 * match is collected in `failures`.
 */
export function answersChecker(t: TestApp, document: Record<string, unknown>, defaultAuth: string | null) {
  const paths = document.paths as Record<string, Record<string, { responses?: Record<string, Stated> }>>;
  const components = document.components as { schemas: Record<string, unknown> };
  const failures: string[] = [];
  const check = async (
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    status: number,
    options: { payload?: object | string; params?: Record<string, string>; query?: string; auth?: string | null; headers?: Record<string, string> } = {},
  ) => {
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => options.params?.[name] ?? '') + (options.query ?? '');
    const auth = options.auth === undefined ? defaultAuth : options.auth;
    const headers = { ...options.headers, ...(auth === null ? {} : bearer(auth)) };
    const res = await t.request({ method, url, headers, ...(options.payload ? { payload: options.payload } : {}) });
    const name = `${method} ${path} ${status}`;
    if (res.statusCode !== status) {
      failures.push(`${name}: answered ${res.statusCode} ${res.body}`);
      return {} as Record<string, unknown>;
    }
    const responses = paths[path]?.[method.toLowerCase()]?.responses;
    // A status of its own, or its class (4XX: the error shape, a $ref to the components' schema).
    const response = responses?.[String(status)] ?? responses?.[`${String(status).charAt(0)}XX`];
    for (const header of Object.keys(response?.headers ?? {})) {
      if (res.headers[header.toLowerCase()] === undefined) failures.push(`${name}: no ${header} header, which the document states`);
    }
    if (response && !response.content) {
      if (res.body !== '') failures.push(`${name}: the document states no body, the answer has one: ${res.body}`);
      return {} as Record<string, unknown>;
    }
    // A file: its type must be one the document states; its bytes are the file's, no schema to check.
    const type = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
    if (response?.content && type !== 'application/json') {
      if (!response.content[type]) failures.push(`${name}: answered ${type}, which the document does not state`);
      return {} as Record<string, unknown>;
    }
    const stated = response?.content?.['application/json']?.schema as { $ref?: string } | undefined;
    const schema = stated?.$ref ? components.schemas[stated.$ref.replace('#/components/schemas/', '')] : stated;
    if (!schema) {
      failures.push(`${name}: no response schema in the document`);
      return res.json<Record<string, unknown>>();
    }
    const validator = z.fromJSONSchema(schema as never);
    // The schema read back says something: an empty object is not every answer.
    if (validator.safeParse({}).success) failures.push(`${name}: the documented schema accepts {}`);
    const result = validator.safeParse(res.json());
    if (!result.success) failures.push(`${name}: ${z.prettifyError(result.error)}\n${res.body}`);
    return res.json<Record<string, unknown>>();
  };
  return { check, failures };
}
