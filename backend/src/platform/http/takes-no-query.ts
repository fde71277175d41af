import { Injectable, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { DomainError } from '../domain-error.js';

/** Refuses any query parameter, in the words zod's strict query schemas use for an unknown one; after the guards, so signed out is still a 401. */
@Injectable()
class NoQueryInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const query = context.switchToHttp().getRequest<FastifyRequest>().query as Record<string, unknown> | undefined;
    const [first] = Object.keys(query ?? {});
    if (first !== undefined) throw DomainError.validation([{ field: first.slice(0, 300), message: `Unrecognized key: "${first.slice(0, 300)}"` }]);
    return next.handle();
  }
}

/**
 * A GET that takes no parameters says so of one it is sent, as the routes with filters do: a misspelt
 * `?environment=` or filter is never silently ignored (the answer would look filtered and is not).
 */
export const TakesNoQuery = () => UseInterceptors(NoQueryInterceptor);
