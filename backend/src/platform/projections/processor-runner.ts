import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { DatabasePool } from '../database/database-pool.js';
import { EventStore, type EventSubscription } from '../event-store/event-store.port.js';
import { CheckpointWatcher, CHECKPOINT_CHANNEL } from './checkpoint-watcher.js';
import { AsProcessor, type EventProcessor, type Projection } from './processor.js';

export interface ReplayProgress {
  name: string;
  processed: number;
  position: bigint;
  head: bigint;
}

export interface ReplaySummary {
  name: string;
  events: number;
  rows: Record<string, number>;
  millis: number;
}

const DEFAULT_WAIT_MS = 5_000;
const LOCK_RETRY_MS = 2_000;
const BATCH_SIZE = 500;
/** How long an instance leaves a processor alone when a replay elsewhere asks for it. */
const YIELD_MS = 30_000;
const REPLAY_LOCK_WAIT_MS = 10_000;

/** Runs every projection and reactor from its checkpoint, one instance each across all app instances. */
@Injectable()
export class ProcessorRunner implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProcessorRunner.name);
  private processors: EventProcessor[] = [];
  private readonly active = new Map<string, { abort: AbortController; subscription?: EventSubscription; done: Promise<void> }>();
  private readonly failed = new Map<string, Error>();
  private readonly yieldUntil = new Map<string, number>();
  private readonly watcher: CheckpointWatcher;

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
    this.watcher.onControl((command, name) => void this.onControl(command, name));
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

  /** Empties the projections' tables and folds every event again, in one transaction per projection. */
  async rebuild(names: string[], onProgress: (progress: ReplayProgress) => void = () => undefined): Promise<ReplaySummary[]> {
    const chosen = names.length ? names.map((name) => this.projectionNamed(name)) : this.projections;
    const summaries: ReplaySummary[] = [];
    for (const projection of chosen) {
      const wasRunning = this.active.has(projection.name);
      if (wasRunning) await this.stop(projection.name);
      try {
        summaries.push(await this.rebuildOne(projection, onProgress));
      } finally {
        if (wasRunning) this.start(projection);
      }
    }
    return summaries;
  }

  /** A replay in another process wants this processor: step aside, or come back when it is done. */
  private async onControl(command: 'pause' | 'resume', name: string): Promise<void> {
    const processor = this.processors.find((p) => p.name === name);
    if (!processor || !this.config.runProcessors) return;
    if (command === 'pause') this.yieldUntil.set(name, Date.now() + YIELD_MS);
    else this.yieldUntil.delete(name);
    if (this.active.has(name) || command === 'resume') {
      await this.stop(name);
      this.start(processor);
    }
  }

  private projectionNamed(name: string): Projection {
    const found = this.projections.find((p) => p.name === name);
    if (!found) throw new Error(`Unknown projection "${name}". Known: ${this.projections.map((p) => p.name).join(', ')}`);
    return found;
  }

  private async rebuildOne(projection: Projection, onProgress: (progress: ReplayProgress) => void): Promise<ReplaySummary> {
    const started = Date.now();
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      if (!(await this.takeOver(runner, projection.name))) {
        throw new Error(`Projection "${projection.name}" is being run by another process that did not step aside; stop it before replaying.`);
      }
      const head = await this.store.headPosition();
      let position = 0n;
      let processed = 0;
      await runner.startTransaction();
      try {
        for (const table of projection.tables) await runner.query(`TRUNCATE TABLE "${table}"`);
        for (;;) {
          const batch = await this.store.readAll(position, 1_000);
          if (batch.length === 0) break;
          for (const event of batch) await projection.handle(event, runner.manager);
          position = batch[batch.length - 1]!.globalPosition;
          processed += batch.length;
          onProgress({ name: projection.name, processed, position, head });
        }
        await saveCheckpoint(runner.manager, projection.name, position);
        await runner.commitTransaction();
      } catch (error) {
        await runner.rollbackTransaction();
        throw error;
      }
      this.failed.delete(projection.name);
      this.watcher.advance(projection.name, position);
      const rows: Record<string, number> = {};
      for (const table of projection.tables) {
        const [{ count }] = (await runner.query(`SELECT count(*)::int AS count FROM "${table}"`)) as [{ count: number }];
        rows[table] = count;
      }
      return { name: projection.name, events: processed, rows, millis: Date.now() - started };
    } finally {
      await unlock(runner, projection.name);
      await runner.release();
      await this.watcher.sendControl('resume', projection.name).catch(() => undefined);
    }
  }

  /** The lock, asking whoever holds it (another app instance) to yield it for a while. */
  private async takeOver(runner: QueryRunner, name: string): Promise<boolean> {
    if (await tryLock(runner, name)) return true;
    await this.watcher.sendControl('pause', name);
    const deadline = Date.now() + REPLAY_LOCK_WAIT_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (await tryLock(runner, name)) return true;
    }
    return false;
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
        const yieldFor = (this.yieldUntil.get(processor.name) ?? 0) - Date.now();
        if (yieldFor > 0) {
          await sleep(yieldFor, signal);
          continue;
        }
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

async function tryLock(runner: QueryRunner, name: string): Promise<boolean> {
  const [row] = (await runner.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [`processor:${name}`])) as [{ locked: boolean }];
  return row.locked;
}

async function unlock(runner: QueryRunner, name: string): Promise<void> {
  await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`processor:${name}`]);
}

async function readCheckpoint(runner: QueryRunner, name: string): Promise<bigint> {
  const rows = (await runner.query('SELECT position FROM processor_checkpoints WHERE name = $1', [name])) as { position: string }[];
  return BigInt(rows[0]?.position ?? 0);
}

async function saveCheckpoint(manager: EntityManager, name: string, position: bigint): Promise<void> {
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
