import type { OpenAPIObject } from '@nestjs/swagger';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  'x-public'?: boolean;
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * What Nest's generator leaves out, filled in so the document lints clean and generates clients:
 * - a summary for every operation, from the handler's name unless @ApiOperation gave one;
 * - `security: []` on @Public() routes (marked `x-public`), the root requirement covering the rest,
 *   as the global authentication guard does;
 * - every `{param}` of a path declared, also where a pipe hid it from the generator.
 */
export function completeOpenApiDocument(document: OpenAPIObject): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      operation.summary ??= summaryOf(operation.operationId ?? `${method} ${path}`);
      if (operation['x-public']) {
        operation.security = [];
        delete operation['x-public'];
      }
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        operation.parameters ??= [];
        if (!operation.parameters.some((p) => p.in === 'path' && p.name === name)) {
          operation.parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } } as never);
        }
      }
    }
  }
  return document;
}

/** `AdminApplicationsController_changeStatus` → `Change status`. */
function summaryOf(operationId: string): string {
  const handler = operationId.split('_').pop() ?? operationId;
  const words = handler.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
