import type { OpenAPIObject } from '@nestjs/swagger';
import { errorBodySchema } from '@tallyline/contracts';
import type { DoorErrorAnswer } from './error-filter.js';
import { openApiSchema } from './zod-validation.js';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  'x-public'?: boolean;
  responses?: Record<string, { description?: string; content?: unknown }>;
};

/** An error answer, described once among the components and referred to by each operation that answers with it. */
const errorResponse = (name: string) => ({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } });

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * What Nest's generator leaves out, filled in so the document lints clean and generates clients:
 * - a summary for every operation, from the handler's name unless @ApiOperation gave one;
 * - `security: []` on @Public() routes (marked `x-public`), the root requirement covering the rest,
 *   as the global authentication guard does;
 * - every `{param}` of a path declared, also where a pipe hid it from the generator;
 * - the error answers (4XX, 5XX) of every operation: `ErrorBody`, or the body of a door with errors of its
 *   own (`ownErrors`: /v1 answers Stripe's shape); also those stated by status with a description only
 *   (@Roles' 401 and 403, an @ApiNotFoundResponse): they answer that same body.
 */
export function completeOpenApiDocument(document: OpenAPIObject, ownErrors: (path: string) => DoorErrorAnswer | undefined): OpenAPIObject {
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ErrorBody: openApiSchema(errorBodySchema, 'output') };
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
      const door = ownErrors(path);
      if (door) document.components.schemas[door.name] ??= openApiSchema(door.schema, 'output');
      const error = errorResponse(door?.name ?? 'ErrorBody');
      operation.responses ??= {};
      operation.responses['4XX'] ??= { description: door ? 'Refused: `error.message` says why, `error.param` names the parameter at fault' : 'Refused: `message` says why, `errors` names the fields at fault', ...error };
      operation.responses['5XX'] ??= { description: 'Not done: the server, or a gateway or provider it calls, failed or is unavailable', ...error };
      for (const [status, response] of Object.entries(operation.responses)) {
        if (/^[45]\d\d$/.test(status) && !response.content) Object.assign(response, error);
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
