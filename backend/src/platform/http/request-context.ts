import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { CommandContext } from '../commands/command-context.js';
import type { EventMetadata } from '../event-store/event-store.port.js';

/** Set by the auth guards on the request. */
export interface RequestWithActor extends FastifyRequest {
  actor?: EventMetadata['actor'];
}

export function contextOf(request: RequestWithActor): CommandContext {
  const userAgent = request.headers['user-agent'];
  return {
    actor: request.actor ?? { type: 'user', id: 'anonymous' },
    correlationId: String(request.id),
    ip: request.ip,
    ...(typeof userAgent === 'string' ? { userAgent } : {}),
    now: new Date(),
  };
}

/** The CommandContext of the current HTTP request. */
export const Ctx = createParamDecorator((_: unknown, context: ExecutionContext) =>
  contextOf(context.switchToHttp().getRequest<RequestWithActor>()),
);
