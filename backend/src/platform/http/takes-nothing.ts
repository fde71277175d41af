import { Injectable, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { z } from 'zod';
import { zodPipe } from './zod-validation.js';

/** The strict query schema of a route with no parameters: any one is refused as the others refuse an unknown one. */
const noParameters = zodPipe(z.strictObject({}));
/** The same for a POST that takes no body: none, or `{}`, as clients send by habit. */
const noBody = zodPipe(z.strictObject({}).nullish());

/** An interceptor, not a guard: after authentication, so signed out is still a 401. */
@Injectable()
class NoQueryInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    noParameters.transform(context.switchToHttp().getRequest<FastifyRequest>().query);
    return next.handle();
  }
}

/**
 * A GET that takes no parameters says so of one it is sent, as the routes with filters do: a misspelt
 * `?environment=` or filter is never silently ignored (the answer would look filtered and is not).
 */
export const TakesNoQuery = () => UseInterceptors(NoQueryInterceptor);

@Injectable()
class NoBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    noBody.transform(context.switchToHttp().getRequest<FastifyRequest>().body);
    return next.handle();
  }
}

/**
 * A POST that takes no body refuses fields sent to it, as a route with a body refuses an unknown one:
 * `{"secret": "whsec_mine"}` on rotate-secret must not look as if that secret had been set.
 */
export const TakesNoBody = () => UseInterceptors(NoBodyInterceptor);
