import { UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { z } from 'zod';
import { zodPipe } from './zod-validation.js';

/** Refuses a part of the request a route does not take. An interceptor, not a guard: after authentication, so signed out is still a 401. */
class RefusesAnything implements NestInterceptor {
  private readonly pipe;

  constructor(
    private readonly part: 'query' | 'body',
    schema: z.ZodType,
  ) {
    this.pipe = zodPipe(schema);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    this.pipe.transform(context.switchToHttp().getRequest<FastifyRequest>()[this.part]);
    return next.handle();
  }
}

/**
 * A GET that takes no parameters says so of one it is sent, as the routes with filters do: a misspelt
 * `?environment=` or filter is never silently ignored (the answer would look filtered and is not).
 */
export const TakesNoQuery = () => UseInterceptors(new RefusesAnything('query', z.strictObject({})));

/**
 * A POST that takes no body refuses fields sent to it, as a route with a body refuses an unknown one:
 * `{"secret": "whsec_mine"}` on rotate-secret must not look as if that secret had been set. No body, or
 * `{}` as clients send by habit, is fine.
 */
export const TakesNoBody = () => UseInterceptors(new RefusesAnything('body', z.strictObject({}).nullish()));
