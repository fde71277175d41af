import type { StoredEvent } from '../event-store/event-store.port.js';

/** Another instance moved the checkpoint since this one read it: start again from the stored one. */
export class CheckpointMoved extends Error {}

/** The processor's own code threw for the event at `index` of the batch. */
export class HandlerError extends Error {
  constructor(
    readonly index: number,
    cause: unknown,
  ) {
    super(describe(cause), { cause });
  }
}

/** Given up on: a projection stops at `event` until an operator retries. */
export class ProcessorFailure extends Error {
  constructor(
    cause: unknown,
    readonly event: StoredEvent | undefined,
    readonly attempts: number,
  ) {
    super(describe(cause), { cause });
  }
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A reactor's read models have not reached its event yet (they are catching up, or a replay holds
 * them). Not the event's fault: the runner tries the event again, without counting attempts, until
 * they have, instead of dead-lettering it.
 */
export class ReadModelsBehind extends Error {
  constructor(position: bigint, behind: string[]) {
    super(`Read models not up to event ${position}: ${behind.join(', ')} behind`);
    this.name = 'ReadModelsBehind';
  }
}
