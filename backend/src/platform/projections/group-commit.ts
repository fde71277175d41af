import type { DataSource, EntityManager } from 'typeorm';
import type { StoredEvent } from '../event-store/event-store.port.js';
import { handledBy, type EventProcessor } from './processor.js';

/** Live batches up to this size may share a transaction; a backlog's batches go alone (and are bounded in time). */
export const GROUP_MAX_EVENTS = 50;

interface Job {
  processor: EventProcessor;
  /** The checkpoint the batch starts from, as stored. */
  from: bigint;
  events: readonly StoredEvent[];
  done: (committed: boolean) => void;
}

/**
 * Processors handed the same live batch (the shared feed gives it to all at once) commit it in one
 * transaction: every checkpoint row locked and compared in one statement, their effects, then every
 * checkpoint stored in one statement. Otherwise each processor would open its own transaction, four
 * statements more each, for every command that waits for them. Any failure in the group (a handler's
 * error, a checkpoint another instance moved, a lost connection) rolls the whole group back and each
 * processor commits alone, where the runner sorts out whose fault it was, as it always has.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;

  constructor(private readonly dataSource: DataSource) {}

  /** True when the batch committed with the group; false: commit it alone. */
  commit(processor: EventProcessor, from: bigint, events: readonly StoredEvent[]): Promise<boolean> {
    return new Promise((done) => {
      this.queue.push({ processor, from, events, done });
      if (this.scheduled) return;
      this.scheduled = true;
      // Every processor woken by the same batch queues first; those that come while a group is in flight join the next.
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const jobs = this.queue;
      this.queue = [];
      if (jobs.length === 1) {
        jobs[0]!.done(false);
        continue;
      }
      const committed = await this.commitTogether(jobs).catch(() => false);
      for (const job of jobs) job.done(committed);
    }
    this.scheduled = false;
  }

  private async commitTogether(jobs: readonly Job[]): Promise<boolean> {
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      await runner.startTransaction();
      const names = jobs.map((job) => job.processor.name);
      // As a batch alone does, before any effect: an instance that lost a lock to another stops here.
      const unmoved = (await runner.query(
        `SELECT c.name FROM processor_checkpoints c JOIN unnest($1::text[], $2::bigint[]) AS j(name, from_position)
            ON c.name = j.name AND c.position = j.from_position
          ORDER BY c.name FOR UPDATE OF c`,
        [names, jobs.map((job) => job.from.toString())],
      )) as unknown[];
      if (unmoved.length !== jobs.length) {
        await runner.rollbackTransaction();
        return false;
      }
      for (const { processor, events } of jobs) await apply(processor, events, runner.manager);
      await runner.query(
        `UPDATE processor_checkpoints c SET position = j.to_position, updated_at = now()
           FROM unnest($1::text[], $2::bigint[]) AS j(name, to_position) WHERE c.name = j.name`,
        [names, jobs.map((job) => job.events.at(-1)!.globalPosition.toString())],
      );
      await runner.commitTransaction();
      return true;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release().catch(() => undefined);
    }
  }
}

/** As the runner applies a batch alone, without its fallbacks: any error fails the group. */
async function apply(processor: EventProcessor, events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
  const handled = handledBy(processor, events);
  if (processor.handleBatch && handled.length >= 2) return processor.handleBatch(handled, manager);
  for (const event of handled) await processor.handle(event, manager);
}
