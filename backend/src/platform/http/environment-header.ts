import { ENVIRONMENT_HEADER, type Environment } from '@tallyline/contracts';
import type { FastifyReply } from 'fastify';

/**
 * Names the environment an environment-scoped answer was served for (the Tallyline-Environment header), so
 * that a dashboard tab still showing the other one (switched in another tab) knows its badge is stale.
 * Returns the body, for `return servedFor(reply, environment, body)`.
 */
export function servedFor<T>(reply: FastifyReply, environment: Environment, body: T): T {
  void reply.header(ENVIRONMENT_HEADER, environment);
  return body;
}
