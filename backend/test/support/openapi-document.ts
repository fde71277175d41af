import type { TestApp } from './app.js';

/** What the sweeps over the OpenAPI document read of one operation. */
interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  security?: unknown[];
}

/** The served OpenAPI document's operations, by path and then by lower-case method. */
export async function openApiOperations(t: TestApp): Promise<Record<string, Record<string, Operation>>> {
  return (await t.request({ method: 'GET', url: '/api/documentation-json' })).json<{ paths: Record<string, Record<string, Operation>> }>().paths;
}
