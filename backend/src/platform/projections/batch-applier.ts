import type { Logger } from '@nestjs/common';
import type { DataSource, QueryRunner } from 'typeorm';
import { backoffMs, isTransient, sleep } from '../database/transient-errors.js';
import type { StoredEvent } from '../event-store/event-store.port.js';
import type { CheckpointWatcher } from './checkpoint-watcher.js';
import { lockCheckpoint, saveCheckpoint } from './checkpoints.js';
import { GROUP_MAX_EVENTS, GroupCommit } from './group-commit.js';
import { CheckpointMoved, describe, HandlerError, ProcessorFailure, ReadModelsBehind } from './processor-errors.js';
import type { ProcessorFailures } from './processor-failures.js';
import { handledBy, isReactor, type EventProcessor } from './processor.js';
import type { PositionAnnouncer } from './position-announcer.js';

/** Tries of one event (or of a failing step not tied to one) before the processor gives up on it. */
export const MAX_ATTEMPTS = 4;
/** The longest pause between two tries of an event whose reactor waits for read models (ReadModelsBehind). */
const MAX_READ_MODEL_WAIT_MS = 5_000;
/**
 * A batch's transaction commits what it has after this long and goes on in a new one. Its transaction
 * id holds every event appended after it back from every subscriber (the store's settled horizon), so
 * a processor working through a backlog must not keep one open for seconds.
 */
const MAX_TRANSACTION_MS = 100;

/**
 * Applies the batches the runner reads for its processors: each commit one transaction with the
 * processor's checkpoint (or a group's, GroupCommit), retries per event, dead letters for reactors.
 */
export class BatchApplier {
  private readonly group: GroupCommit;

  constructor(
    private readonly dataSource: DataSource,
    private readonly watcher: CheckpointWatcher,
    private readonly announcer: PositionAnnouncer,
    private readonly failures: ProcessorFailures,
    /** The runner's: each processor's checkpoint as stored, what its next transaction expects to find. */
    private readonly persisted: Map<string, bigint>,
    private readonly logger: Logger,
  ) {
    this.group = new GroupCommit(dataSource);
  }

  /**
   * Applies a batch after `from`. The processor's own errors are retried a few times per event; then
   * a projection stops at that event (ProcessorFailure) and a reactor dead-letters it and goes on.
   * A reactor waiting for its read models (ReadModelsBehind) is retried as long as it takes.
   * Transient database errors go up to the run loop, which retries them forever.
   */
  async apply(processor: EventProcessor, batch: StoredEvent[], from: bigint, signal: AbortSignal): Promise<bigint> {
    let pending = batch;
    let failing: { eventId: string; attempts: number } | undefined;
    let waits = 0;
    // Stopping (a replay taking the processor over waits for it) ends the batch after the part committed last.
    while (pending.length > 0 && !signal.aborted) {
      try {
        const done = await this.commit(processor, from, pending, { bounded: true });
        // A transaction that ended early (MAX_TRANSACTION_MS) leaves the rest for the next one.
        from = done;
        pending = pending.filter((event) => event.globalPosition > done);
        failing = undefined;
      } catch (error) {
        if (!(error instanceof HandlerError) || isTransient(error.cause)) throw error instanceof HandlerError ? error.cause : error;
        if (error.index > 0) {
          // Keep what the events before the failing one did: the retry starts at the failing event.
          from = await this.commit(processor, from, pending.slice(0, error.index));
          pending = pending.slice(error.index);
        }
        const event = pending[0];
        if (!event) throw new Error(`Processor "${processor.name}" reported a failing event outside its batch`, { cause: error });
        if (error.cause instanceof ReadModelsBehind) {
          const wait = backoffMs(++waits, 100, MAX_READ_MODEL_WAIT_MS);
          this.logger.warn(`Processor "${processor.name}" waits on event ${event.globalPosition} (${event.type}): ${describe(error.cause)}; again in ${wait} ms`);
          await sleep(wait, signal);
          if (signal.aborted) throw error.cause;
          continue;
        }
        failing = failing?.eventId === event.eventId ? { ...failing, attempts: failing.attempts + 1 } : { eventId: event.eventId, attempts: 1 };
        if (failing.attempts < MAX_ATTEMPTS) {
          const wait = backoffMs(failing.attempts, 100, 2_000);
          this.logger.warn(`Processor "${processor.name}" failed on event ${event.globalPosition} (${event.type}): ${describe(error.cause)}; retry ${failing.attempts} of ${MAX_ATTEMPTS - 1} in ${wait} ms`);
          await sleep(wait, signal);
          if (signal.aborted) throw error.cause;
          continue;
        }
        if (!isReactor(processor)) throw new ProcessorFailure(error.cause, event, failing.attempts);
        this.logger.error(`Reactor "${processor.name}" gave up on event ${event.globalPosition} (${event.type}) after ${failing.attempts} attempts: ${describe(error.cause)}; dead-lettered`);
        from = await this.commit(processor, from, [event], { deadLetter: { error: describe(error.cause), attempts: failing.attempts } });
        pending = pending.slice(1);
      }
    }
    return from;
  }

  /**
   * One transaction on a pooled connection: the effects of `events` and the checkpoint commit together.
   * The checkpoint row is locked and compared first, so a batch started by an instance that has
   * since lost its lock cannot apply anything twice.
   */
  private async commit(
    processor: EventProcessor,
    from: bigint,
    events: StoredEvent[],
    { deadLetter, bounded = false }: { deadLetter?: { error: string; attempts: number }; bounded?: boolean } = {},
  ): Promise<bigint> {
    const first = events[0];
    let last = events.at(-1)?.globalPosition;
    if (!first || last === undefined) throw new Error('commit needs at least one event');
    const { handles, name } = processor;
    if (!deadLetter && handles && !this.watcher.failure(name) && !events.some((event) => handles.includes(event.type))) {
      // Most processors ignore most events: no statement now; the position is stored later (persistLater).
      this.watcher.advance(name, last);
      this.announcer.skipped(name, last);
      return last;
    }
    if (!deadLetter && isReactor(processor) && processor.prepare) {
      try {
        await processor.prepare(handledBy(processor, events));
      } catch (error) {
        throw new HandlerError(0, error);
      }
    }
    const expected = this.persisted.get(name) ?? from;
    if (!deadLetter && bounded && events.length <= GROUP_MAX_EVENTS && !this.watcher.failure(name) && (await this.group.commit(processor, expected, events))) {
      this.committed(name, last);
      return last;
    }
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      await runner.startTransaction();
      if ((await lockCheckpoint(runner, processor.name)) !== expected) throw new CheckpointMoved();
      if (deadLetter) {
        await this.failures.deadLetter(runner, processor.name, first, deadLetter);
      } else if (!(await appliedInBulk(processor, events, runner))) {
        const started = performance.now();
        for (const [index, event] of events.entries()) {
          if (bounded && index > 0 && performance.now() - started > MAX_TRANSACTION_MS) {
            last = events[index - 1]!.globalPosition; // index > 0
            break;
          }
          if (processor.handles && !processor.handles.includes(event.type)) continue;
          try {
            await processor.handle(event, runner.manager);
          } catch (error) {
            throw new HandlerError(index, error);
          }
        }
      }
      await saveCheckpoint(runner.manager, processor.name, last);
      const recovered = await this.failures.clearIn(runner, processor.name);
      await runner.commitTransaction();
      this.committed(name, last);
      if (recovered) await this.failures.announceRecovered(processor.name);
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release().catch(() => undefined);
    }
    return last;
  }

  private committed(name: string, position: bigint): void {
    this.persisted.set(name, position);
    this.announcer.stored(name, position);
    this.watcher.advance(name, position);
  }
}

/**
 * The processor's bulk path, if it has one and the batch holds more than one event for it. Should it
 * fail, its work is undone (a savepoint) and false sends the events to `handle` one by one, which
 * finds the failing one; a lost connection goes up as it is.
 */
async function appliedInBulk(processor: EventProcessor, events: StoredEvent[], runner: QueryRunner): Promise<boolean> {
  const handled = handledBy(processor, events);
  if (!processor.handleBatch || handled.length < 2) return false;
  await runner.query('SAVEPOINT bulk');
  try {
    await processor.handleBatch(handled, runner.manager);
    return true;
  } catch (error) {
    if (isTransient(error)) throw error;
    await runner.query('ROLLBACK TO SAVEPOINT bulk');
    return false;
  }
}
