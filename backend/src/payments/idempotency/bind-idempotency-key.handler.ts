import { createHash } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { v5 as uuidv5 } from 'uuid';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { BindIdempotencyKey, type IdempotencyKeyScope } from './bind-idempotency-key.command.js';
import { idempotencyKeyDecider } from './idempotency-key.decider.js';

const IDEMPOTENCY_KEY_NAMESPACE = '0b7f3a52-4c1e-4d7a-9a43-5e2d8c6f1b90';

/** A stable id for a merchant's key: its stream's, and what the key names (a refund's id) on every retry. */
export const idempotencyKeyIdOf = (scope: IdempotencyKeyScope, key: string) => uuidv5(`${scope.merchantId}|${scope.environment}|${key}`, IDEMPOTENCY_KEY_NAMESPACE);

/** Parameters in a stable order, so the same request hashes the same however its body was written. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, canonical(inner)]));
  }
  return value;
}

@CommandHandler(BindIdempotencyKey)
export class BindIdempotencyKeyHandler implements ICommandHandler<BindIdempotencyKey> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ scope, key, request, params, context, bindFirstUse }: BindIdempotencyKey): Promise<boolean> {
    const fingerprint = createHash('sha256').update(JSON.stringify(canonical(params))).digest('hex');
    const command = { type: 'UseIdempotencyKey' as const, ...scope, key, request, fingerprint, at: context.now };
    const stream = streamNames.idempotencyKey(idempotencyKeyIdOf(scope, key));
    if (!bindFirstUse) {
      // Decided as a bind would be (a mismatch is refused the same way), but nothing is recorded.
      return idempotencyKeyDecider.decide(command, await this.commands.stateOf(stream, idempotencyKeyDecider)).length > 0;
    }
    // Concurrent first uses: one appends, the other retries once and finds the key bound.
    const { events } = await this.commands.decideAndAppend(stream, idempotencyKeyDecider, command, context, { retryOnConflict: true });
    return events.length > 0;
  }
}
