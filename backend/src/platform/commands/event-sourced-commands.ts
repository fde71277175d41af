import { Injectable } from '@nestjs/common';
import { DomainError } from '../domain-error.js';
import { EventStore, WrongExpectedVersionError, type EventMetadata, type StoredEvent } from '../event-store/event-store.port.js';
import { ProcessorRunner, type WaitResult } from '../projections/processor-runner.js';
import type { CommandContext } from './command-context.js';
import { fold, type Decider, type DomainEvent } from './decider.js';

/** The 412 answer: the caller's If-Match version is not the stream's. */
export const VERSION_MISMATCH_MESSAGE = 'This record was changed by someone else. Reload and try again.';

export interface HandleOptions {
  /** The stream version the caller last saw (HTTP If-Match); a mismatch is a 412. */
  expectedVersion?: number | undefined;
  /** Re-run load/decide/append once on a concurrent write; only for commands safe to repeat. */
  retryOnConflict?: boolean;
  /**
   * The stream id was just made (a random or key-derived payment id): decide on the empty state and
   * append expecting no stream, skipping the read; only if the stream exists after all is it loaded
   * and the command decided again. Saves a statement per create.
   */
  probablyNew?: boolean;
  /** Stamped per event type; 1 when absent. */
  schemaVersions?: Record<string, number>;
}

export interface HandleResult<State> {
  state: State;
  version: number;
  events: StoredEvent[];
  /** Read models that did not catch up before the answer (failed or timed out); absent when not waited for. */
  readModels?: WaitResult | undefined;
}

/**
 * The write side in one place: load the stream, fold it, decide, append with the expected version,
 * then wait until the projections have seen the new events (read-your-writes).
 */
@Injectable()
export class EventSourcedCommands {
  constructor(
    private readonly store: EventStore,
    private readonly processors: ProcessorRunner,
  ) {}

  private async load<State, Event extends DomainEvent>(
    streamId: string,
    decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  ): Promise<{ state: State; version: number; stored: StoredEvent[] }> {
    const stored = await this.store.readStream(streamId);
    // The one unchecked step: a stream holds only its own decider's events (one decider per stream category).
    return { state: fold(decider, stored as unknown as Event[]), version: stored.length - 1, stored };
  }

  /**
   * A command that records nothing (a repeat: the IPN after the answer, an Idempotency-Key again)
   * answers what another writer recorded, maybe a moment ago: its caller's next read must see that too.
   */
  private async caughtUpWith(stored: StoredEvent[], context: CommandContext): Promise<WaitResult | undefined> {
    const last = stored.at(-1);
    if (!last || context.readYourWrites === false) return undefined;
    return this.processors.waitForProjections(last.globalPosition, [...new Set(stored.map((event) => event.type))]);
  }

  /** A stream's current state, for a handler that must know it before deciding (what to send a gateway). */
  async stateOf<State, Event extends DomainEvent>(streamId: string, decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>): Promise<State> {
    return (await this.load(streamId, decider)).state;
  }

  /** One trip to the store to load, then decide; one to append. */
  async decideAndAppend<State, Command, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<State, Command, Event>,
    command: Command,
    context: CommandContext,
    options: HandleOptions = {},
  ): Promise<HandleResult<State>> {
    let optimistic = options.probablyNew === true && options.expectedVersion === undefined;
    for (let attempt = 0; ; attempt++) {
      const { state, version, stored } = optimistic ? { state: fold(decider, []), version: -1, stored: [] } : await this.load(streamId, decider);
      // A stream that does not exist has no version to be stale against: the decider answers (not found).
      if (options.expectedVersion !== undefined && version >= 0 && options.expectedVersion !== version) {
        throw new DomainError('version_mismatch', VERSION_MISMATCH_MESSAGE);
      }
      const events = decider.decide(command, state);
      if (events.length === 0) return { state, version, events: [], readModels: await this.caughtUpWith(stored, context) };
      try {
        const result = await this.store.append(
          streamId,
          events.map((event) => ({ type: event.type, data: event.data, metadata: metadataFor(event.type, context, options) })),
          version < 0 ? 'no_stream' : version,
        );
        const readModels =
          context.readYourWrites !== false
            ? await this.processors.waitForProjections(result.lastPosition, [...new Set(events.map((event) => event.type))])
            : undefined;
        return {
          state: events.reduce(decider.evolve, state),
          version: result.nextExpectedVersion,
          events: result.events,
          readModels,
        };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (optimistic) {
          // Not new after all (a repeat of the same Idempotency-Key): load it and decide as usual.
          optimistic = false;
          attempt--;
          continue;
        }
        // The caller named a version and another writer got there between our read and our append:
        // the caller's version is stale, the same 412 as when the read had already shown it.
        if (options.expectedVersion !== undefined) throw new DomainError('version_mismatch', VERSION_MISMATCH_MESSAGE);
        if (options.retryOnConflict && attempt === 0) continue;
        throw new DomainError('conflict', 'This record was changed at the same time by another request. Try again.');
      }
    }
  }
}

function metadataFor(type: string, context: CommandContext, options: HandleOptions): EventMetadata {
  return {
    actor: context.actor,
    correlationId: context.correlationId,
    causationId: context.causationId ?? context.correlationId,
    schemaVersion: options.schemaVersions?.[type] ?? 1,
    ...(context.ip ? { ip: context.ip } : {}),
    ...(context.userAgent ? { userAgent: context.userAgent } : {}),
  };
}
