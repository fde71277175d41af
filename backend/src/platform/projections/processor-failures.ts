import type { Logger } from '@nestjs/common';
import type { DataSource, QueryRunner } from 'typeorm';
import { backoffMs, isTransient, sleep } from '../database/transient-errors.js';
import type { EventStore, StoredEvent } from '../event-store/event-store.port.js';
import type { CheckpointWatcher, ProcessorFailureRecord } from './checkpoint-watcher.js';
import { describe, HandlerError } from './processor-errors.js';
import type { EventProcessor } from './processor.js';

const MAX_BACKOFF_MS = 30_000;

/**
 * Where processors' failures and dead letters are kept, so every instance (and the health
 * endpoint and the retry command) sees them: processor_failures and processor_dead_letters.
 */
export class ProcessorFailures {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly watcher: CheckpointWatcher,
    private readonly logger: Logger,
  ) {}

  /** Stores the failure for every instance to see; a database outage only delays it. */
  async record(record: ProcessorFailureRecord, signal: AbortSignal): Promise<void> {
    this.watcher.setFailure(record, record.name);
    for (let attempt = 1; !signal.aborted; attempt++) {
      try {
        await this.dataSource.query(
          `INSERT INTO processor_failures (name, position, event_id, event_type, error, attempts) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, event_id = EXCLUDED.event_id, event_type = EXCLUDED.event_type,
             error = EXCLUDED.error, attempts = EXCLUDED.attempts, failed_at = now()`,
          [record.name, record.position?.toString() ?? null, record.eventId, record.eventType, record.message, record.attempts],
        );
        await this.watcher.sendControl('failed', record.name);
        return;
      } catch (error) {
        if (!isTransient(error)) throw error;
        await sleep(backoffMs(attempt, 200, MAX_BACKOFF_MS), signal);
      }
    }
  }

  async clear(name: string): Promise<void> {
    if (!this.watcher.failure(name)) return;
    this.watcher.setFailure(undefined, name);
    await this.dataSource.query('DELETE FROM processor_failures WHERE name = $1', [name]);
    await this.watcher.sendControl('recovered', name);
  }

  /** Inside the batch's transaction: a recorded failure ends with the batch that got past it. */
  async clearIn(runner: QueryRunner, name: string): Promise<boolean> {
    if (!this.watcher.failure(name)) return false;
    await runner.query('DELETE FROM processor_failures WHERE name = $1', [name]);
    return true;
  }

  /** After that transaction committed: tells every instance. */
  async announceRecovered(name: string): Promise<void> {
    this.watcher.setFailure(undefined, name);
    await this.watcher.sendControl('recovered', name).catch(() => undefined);
  }

  async deadLetter(runner: QueryRunner, processor: string, event: StoredEvent, failure: { error: string; attempts: number }): Promise<void> {
    await runner.query(
      `INSERT INTO processor_dead_letters (processor, event_id, position, event_type, error, attempts) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (processor, event_id) DO UPDATE SET error = EXCLUDED.error, attempts = EXCLUDED.attempts, failed_at = now()`,
      [processor, event.eventId, event.globalPosition.toString(), event.type, failure.error, failure.attempts],
    );
  }

  /** Hands a reactor its dead-lettered events again, oldest first; those that succeed leave the table. */
  async redeliverDeadLetters(processor: EventProcessor, signal: AbortSignal): Promise<void> {
    const rows = await this.dataSource.query<{ event_id: string; position: string }[]>(
      'SELECT event_id, position FROM processor_dead_letters WHERE processor = $1 ORDER BY position',
      [processor.name],
    );
    for (const row of rows) {
      if (signal.aborted) return;
      const [event] = await this.store.readAll(BigInt(row.position) - 1n, 1);
      await this.dataSource
        .transaction(async (manager) => {
          if (event?.eventId === row.event_id) {
            try {
              await processor.handle(event, manager);
            } catch (error) {
              this.logger.warn(`Reactor "${processor.name}" still fails on dead-lettered event ${row.position}: ${describe(error)}`);
              throw new HandlerError(0, error);
            }
          }
          await manager.query('DELETE FROM processor_dead_letters WHERE processor = $1 AND event_id = $2', [processor.name, row.event_id]);
        })
        .catch((error: unknown) => {
          if (!(error instanceof HandlerError)) throw error;
        });
    }
  }
}
