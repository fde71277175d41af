import { PipeTransform, Query } from '@nestjs/common';
import { ApiBody, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { z, type ZodType } from 'zod';
import { DomainError, type FieldError } from '../domain-error.js';

/** Validates a body or query with a contracts schema; messages are the schema's (the spec's). */
export class ZodValidationPipe<T extends ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.infer<T> {
    // No body is an empty one; a JSON `null` is a body, and not an object (a refund of null is no full refund).
    const result = this.schema.safeParse(value === undefined ? {} : value);
    if (result.success) return result.data;
    throw this.refusal(result.error, value);
  }

  /** The error a refused value is answered with; a door with words of its own (/v1) says it its way. */
  protected refusal(error: z.ZodError, _value: unknown): Error {
    return DomainError.validation(toFieldErrors(error));
  }
}

/** Enough to show a client its mistake: a message naming thousands of unknown keys is not echoed back whole. */
const MAX_MESSAGE = 300;

export function toFieldErrors(error: z.ZodError): FieldError[] {
  const errors = error.issues.map((issue) => {
    // Named by the (first) unknown key: `?stauts=failed` is about `stauts`, not the whole query or body.
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys.slice(0, 1)] : issue.path;
    const message = issue.message.length > MAX_MESSAGE ? `${issue.message.slice(0, MAX_MESSAGE)}…` : issue.message;
    return { field: path.join('.').slice(0, MAX_MESSAGE) || '(body)', message };
  });
  // Two checks of one field may fail with the same words (a fee below 0 is also not a percentage): said once.
  return errors.filter((error, i) => errors.findIndex((other) => other.field === error.field && other.message === error.message) === i);
}

export const zodPipe = <T extends ZodType>(schema: T) => new ZodValidationPipe(schema);

/**
 * JSON Schema for Swagger, from the same zod schema that validates. `input`: what a client may send
 * (defaults optional, before transforms); `output`: what the API answers (after them, every default there).
 */
export function openApiSchema(schema: ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: 'any', io }) as Record<string, unknown>;
  return rest;
}

export const ApiZodBody = (schema: ZodType, description?: string) =>
  ApiBody({ schema: openApiSchema(schema) as never, ...(description === undefined ? {} : { description }) });

/** The JSON answer of one status, described by the contracts schema its type is inferred from; `headers`: name → what it says. */
export const ApiZodResponse = (status: number, schema: ZodType, description = 'OK', headers: Record<string, string> = {}) =>
  ApiResponse({
    status,
    description,
    schema: openApiSchema(schema, 'output'),
    ...(Object.keys(headers).length ? { headers: Object.fromEntries(Object.entries(headers).map(([name, says]) => [name, { description: says, schema: { type: 'string' } }])) } : {}),
  });

/**
 * 200 of a staff list (`answerList`): an array of `row`, and the Content-Range header
 * ra-data-simple-rest reads the total from, so both are stated (and checked) together.
 */
export const ApiZodListResponse = (row: ZodType, description: string) =>
  ApiZodResponse(200, z.array(row), description, { 'Content-Range': '`<resource> <first>-<last>/<total>`, or `<resource> */<total>` for an empty page' });

/**
 * `@Query()` validated by a zod schema (through `pipe`: a door with its own refusals passes its own), each
 * parameter listed in the OpenAPI document from that same schema, so the document cannot drift from what is checked.
 */
export const ZodQuery =
  (schema: ZodType, pipe: PipeTransform = zodPipe(schema)): ParameterDecorator =>
  (target, key, index) => {
    Query(pipe)(target, key, index);
    const method = key === undefined ? undefined : Object.getOwnPropertyDescriptor(target, key);
    if (!key || !method) return;
    const { properties = {}, required = [] } = openApiSchema(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
    for (const [name, property] of Object.entries(properties)) {
      const description = typeof property.description === 'string' ? { description: property.description } : {};
      ApiQuery({ name, required: required.includes(name), schema: property as never, ...description })(target, key, method);
    }
  };

/**
 * NUL and unpaired UTF-16 surrogates: PostgreSQL refuses both in text and jsonb, and no honest client
 * sends them. Every text that enters the API passes `assertSafeText` (see `rejectUnsafeInput`).
 */
const UNSAFE_TEXT = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired UTF-16 surrogates';

export const PROTO_KEY_MESSAGE = '__proto__ cannot be a key';

/** Checks every string in `value`, object keys included; the first unsafe one is a 400 naming its field. */
export function assertSafeText(value: unknown, field: string): void {
  // An explicit stack: a deeply nested JSON body must not overflow the call stack.
  const pending: [unknown, string][] = [[value, field]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (UNSAFE_TEXT.test(item)) throw unsafe(path);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (UNSAFE_TEXT.test(key)) throw unsafe(childPath);
        // JSON.parse keeps it as a key; the first object spread or assignment drops it without a word.
        if (key === '__proto__') throw DomainError.validation([{ field: childPath, message: PROTO_KEY_MESSAGE }]);
        pending.push([child, childPath]);
      }
    }
  }
}

const unsafe = (field: string) =>
  DomainError.validation([{ field: field.replace(new RegExp(UNSAFE_TEXT.source, 'g'), '\ufffd') || '(body)', message: UNSAFE_TEXT_MESSAGE }]);

/**
 * The request parts Fastify parsed (route parameters, query string, headers, JSON body), checked by one
 * hook for every route. Text the app parses itself (multipart fields, JSON inside a query parameter)
 * passes `assertSafeText` where it is parsed.
 */
export function rejectUnsafeInput(request: { params: unknown; query: unknown; headers: unknown; body: unknown }): void {
  assertSafeText(request.params, '');
  assertSafeText(request.query, '');
  assertSafeText(request.headers, '');
  assertSafeText(request.body, '');
}
