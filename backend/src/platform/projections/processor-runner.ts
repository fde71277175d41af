import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { DatabasePool } from '../database/database-pool.js';
import { EventStore, type EventSubscription } from '../event-store/event-store.port.js';
import { CheckpointWatcher, CHECKPOINT_CHANNEL } from './checkpoint-watcher.js';
import { AsProcessor, type EventProcessor, type Projection } from './processor.js';

const DEFAULT_WAIT_MS = 5_000;
const LOCK_RETRY_MS = 2_000;
const BATCH_SIZE = 500;

/** Runs every projection and reactor from its checkpoint, one instance each across all app instances. */
@Injectable()
export class ProcessorRunner implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProcessorRunner.name);
  private processors: EventProcessor[] = [];
  private readonly active = new Map<string, { abort: AbortController; subscription?: EventSubscription; done: Promise<void> }>();
  private readonly failed = new Map<string, Error>();
  /** Shared with the projection rebuilder, which uses its control channel and advances it. */
  readonly watcher: CheckpointWatcher;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly config: AppConfig,
    pool: DatabasePool,
  ) {
    this.watcher = new CheckpointWatcher(pool);
  }

  onModuleInit(): void {
    this.processors = this.discovery
      .getProviders({ metadataKey: AsProcessor.KEY })
      .map((wrapper) => wrapper.instance as EventProcessor)
      .filter(Boolean);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.watcher.start();
    if (this.config.runProcessors) this.startAll();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopAll();
    await this.watcher.stop();
  }

  get projections(): Projection[] {
    return this.processors.filter((p): p is Projection => (p as Projection).kind === 'projection');
  }

  get names(): string[] {
    return this.processors.map((p) => p.name);
  }

  processorNamed(name: string): EventProcessor | undefined {
    return this.processors.find((p) => p.name === name);
  }

  failure(name: string): Error | undefined {
    return this.failed.get(name);
  }

  startAll(): void {
    for (const processor of this.processors) this.start(processor);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.active.keys()].map((name) => this.stop(name)));
  }

  /**
   * Resolves once every healthy projection has processed `position` (read-your-writes), or after the
   * timeout: the write is durable either way, only the read model may still lag.
   */
  async waitFor(position: bigint, timeoutMs = DEFAULT_WAIT_MS): Promise<boolean> {
    if (!this.config.waitForProjections) return false;
    return this.watcher.until(
      () => this.projections.every((p) => this.failed.has(p.name) || this.watcher.position(p.name) >= position),
      timeoutMs,
    );
  }

  start(processor: EventProcessor): void {
    if (this.active.has(processor.name)) return;
    this.failed.delete(processor.name);
    const abort = new AbortController();
    const entry: { abort: AbortController; subscription?: EventSubscription; done: Promise<void> } = { abort, done: Promise.resolve() };
    this.active.set(processor.name, entry);
    entry.done = this.run(processor, entry).finally(() => this.active.delete(processor.name));
  }

  async stop(name: string): Promise<void> {
    const entry = this.active.get(name);
    if (!entry) return;
    entry.abort.abort();
    await entry.subscription?.close();
    await entry.done;
  }

  private async run(processor: EventProcessor, entry: { abort: AbortController; subscription?: EventSubscription }): Promise<void> {
    const { signal } = entry.abort;
    while (!signal.aborted) {
      const runner = this.dataSource.createQueryRunner();
      let locked = false;
      try {
        await runner.connect();
        locked = await tryLock(runner, processor.name);
        if (!locked) {
          await sleep(LOCK_RETRY_MS, signal);
          continue;
        }
        const from = await readCheckpoint(runner, processor.name);
        const subscription = this.store.subscribe(from, { batchSize: BATCH_SIZE });
        entry.subscription = subscription;
        // stop() may have come while we were connecting: the subscription must end with us.
        if (signal.aborted) await subscription.close();
        else signal.addEventListener('abort', () => void subscription.close(), { once: true });
        for await (const batch of entry.subscription) {
          if (signal.aborted) break;
          const last = batch[batch.length - 1]!.globalPosition;
          await runner.startTransaction();
          try {
            for (const event of batch) await processor.handle(event, runner.manager);
            await saveCheckpoint(runner.manager, processor.name, last);
            await runner.commitTransaction();
          } catch (error) {
            await runner.rollbackTransaction().catch(() => undefined);
            throw new ProcessorFailure(error);
          }
          this.watcher.advance(processor.name, last);
        }
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof ProcessorFailure) {
          this.failed.set(processor.name, error.cause as Error);
          this.watcher.recheck();
          this.logger.error(`Processor "${processor.name}" stopped: ${describe(error.cause)}`, (error.cause as Error)?.stack);
          return;
        }
        this.logger.warn(`Processor "${processor.name}" lost its connection (${describe(error)}); retrying`);
        await sleep(1_000, signal);
      } finally {
        await entry.subscription?.close().catch(() => undefined);
        entry.subscription = undefined;
        if (locked) await unlock(runner, processor.name).catch(() => undefined);
        await runner.release().catch(() => undefined);
      }
    }
  }
}

class ProcessorFailure extends Error {
  constructor(cause: unknown) {
    super(describe(cause), { cause });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function tryLock(runner: QueryRunner, name: string): Promise<boolean> {
  const [row] = (await runner.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [`processor:${name}`])) as [{ locked: boolean }];
  return row.locked;
}

export async function unlock(runner: QueryRunner, name: string): Promise<void> {
  await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`processor:${name}`]);
}

export async function readCheckpoint(runner: QueryRunner, name: string): Promise<bigint> {
  const rows = (await runner.query('SELECT position FROM processor_checkpoints WHERE name = $1', [name])) as { position: string }[];
  return BigInt(rows[0]?.position ?? 0);
}

export async function saveCheckpoint(manager: EntityManager, name: string, position: bigint): Promise<void> {
  await manager.query(
    `INSERT INTO processor_checkpoints (name, position) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
    [name, position.toString()],
  );
  await manager.query('SELECT pg_notify($1, $2)', [CHECKPOINT_CHANNEL, `${name}:${position}`]);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    // Removed when the timer fires, so a long retry loop does not pile listeners onto the signal.
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
