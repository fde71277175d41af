import { PipeTransform } from '@nestjs/common';
import { ApiBody, ApiQuery } from '@nestjs/swagger';
import { z, type ZodType } from 'zod';
import { DomainError, type FieldError } from '../domain-error.js';

/** Validates a body or query with a contracts schema; messages are the schema's (the spec's). */
export class ZodValidationPipe<T extends ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.infer<T> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    throw DomainError.validation(toFieldErrors(result.error));
  }
}

export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message }));
}

export const zodPipe = <T extends ZodType>(schema: T) => new ZodValidationPipe(schema);

/** JSON Schema for Swagger, from the same zod schema that validates. */
export function openApiSchema(schema: ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
  return rest;
}

export const ApiZodBody = (schema: ZodType, description?: string) =>
  ApiBody({ schema: openApiSchema(schema) as never, description });

export const ApiZodQuery = (name: string, schema: ZodType, required = false) =>
  ApiQuery({ name, required, schema: openApiSchema(schema) as never });
