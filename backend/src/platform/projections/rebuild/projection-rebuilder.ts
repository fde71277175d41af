import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { EventStore } from '../../event-store/event-store.port.js';
import { ProcessorRunner, saveCheckpoint, tryLock, unlock } from '../processor-runner.js';
import type { Projection } from '../processor.js';

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

/** How long an instance leaves a processor alone when a replay elsewhere asks for it. */
const YIELD_MS = 30_000;
const REPLAY_LOCK_WAIT_MS = 10_000;

/** Rebuilds projections from the first event, next to the live processors of any instance. */
@Injectable()
export class ProjectionRebuilder implements OnApplicationBootstrap {
  private readonly resumeTimers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly runner: ProcessorRunner,
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.runner.watcher.onControl((command, name) => void this.onControl(command, name));
  }

  /** Empties the projections' tables and folds every event again, in one transaction per projection. */
  async rebuild(names: string[], onProgress: (progress: ReplayProgress) => void = () => undefined): Promise<ReplaySummary[]> {
    const chosen = names.length ? names.map((name) => this.projectionNamed(name)) : this.runner.projections;
    const summaries: ReplaySummary[] = [];
    for (const projection of chosen) {
      await this.runner.stop(projection.name);
      try {
        summaries.push(await this.rebuildOne(projection, onProgress));
      } finally {
        if (this.config.runProcessors) this.runner.start(projection);
      }
    }
    return summaries;
  }

  /** A replay in another process wants this processor: step aside, or come back when it is done. */
  private async onControl(command: 'pause' | 'resume', name: string): Promise<void> {
    const processor = this.runner.processorNamed(name);
    if (!processor || !this.config.runProcessors) return;
    clearTimeout(this.resumeTimers.get(name));
    this.resumeTimers.delete(name);
    if (command === 'pause') {
      await this.runner.stop(name);
      this.resumeTimers.set(
        name,
        setTimeout(() => {
          this.resumeTimers.delete(name);
          this.runner.start(processor);
        }, YIELD_MS).unref(),
      );
    } else this.runner.start(processor);
  }

  private projectionNamed(name: string): Projection {
    const found = this.runner.projections.find((p) => p.name === name);
    if (!found) throw new Error(`Unknown projection "${name}". Known: ${this.runner.projections.map((p) => p.name).join(', ')}`);
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
      this.runner.watcher.advance(projection.name, position);
      const rows: Record<string, number> = {};
      for (const table of projection.tables) {
        const [{ count }] = (await runner.query(`SELECT count(*)::int AS count FROM "${table}"`)) as [{ count: number }];
        rows[table] = count;
      }
      return { name: projection.name, events: processed, rows, millis: Date.now() - started };
    } finally {
      await unlock(runner, projection.name);
      await runner.release();
      await this.runner.watcher.sendControl('resume', projection.name).catch(() => undefined);
    }
  }

  /** The lock, asking whoever holds it (another app instance) to yield it for a while. */
  private async takeOver(runner: QueryRunner, name: string): Promise<boolean> {
    if (await tryLock(runner, name)) return true;
    await this.runner.watcher.sendControl('pause', name);
    const deadline = Date.now() + REPLAY_LOCK_WAIT_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (await tryLock(runner, name)) return true;
    }
    return false;
  }
}
