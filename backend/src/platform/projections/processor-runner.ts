import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { lifecycle, StartRefused } from '../lifecycle.js';
import { DatabasePool } from '../database/database-pool.js';
import { backoffMs, isTransient, sleep } from '../database/transient-errors.js';
import { EventStore, type EventSubscription } from '../event-store/event-store.port.js';
import { CheckpointWatcher, type ProcessorFailureRecord } from './checkpoint-watcher.js';
import { BatchApplier, MAX_ATTEMPTS } from './batch-applier.js';
import { ensureCheckpoint, outdatedReadModels, skipTo } from './checkpoints.js';
import { CheckpointMoved, describe, ProcessorFailure } from './processor-errors.js';
import { ProcessorFailures } from './processor-failures.js';
import { AsProcessor, isReactor, type EventProcessor, type Projection } from './processor.js';
import { PositionAnnouncer } from './position-announcer.js';

export interface WaitResult {
  /** Projections that stopped at a failure before reaching the position. */
  failed: string[];
  /** Projections still behind the position when the wait ended. */
  timedOut: string[];
}

const DEFAULT_WAIT_MS = 5_000;
const LOCK_RETRY_MS = 2_000;
const BATCH_SIZE = 500;
const MAX_BACKOFF_MS = 30_000;
/**
 * A processor that only skips events stores its checkpoint at most this often (its next batch's
 * transaction stores it anyway): re-reading a second of skipped events after a crash costs nothing.
 */
const SKIP_PERSIST_MS = 1_000;
/** How long positions skipped in memory are announced to other instances after one of them asked. */
const REPORT_MS = DEFAULT_WAIT_MS;

/** Runs every projection and reactor from its checkpoint, one instance each across all app instances. */
@Injectable()
export class ProcessorRunner implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProcessorRunner.name);
  private processors: EventProcessor[] = [];
  private readonly active = new Map<string, RunEntry>();
  /** Names stopped one by one while the app runs (a replay took them over): "paused". */
  private readonly paused = new Set<string>();
  /** Shared with the projection rebuilder, which uses its control channel and advances it. */
  readonly watcher: CheckpointWatcher;
  private readonly failures: ProcessorFailures;
  /** Each running processor's checkpoint as stored: what its next transaction expects to find. */
  private readonly persisted = new Map<string, bigint>();
  private readonly announcer: PositionAnnouncer;
  private readonly batches: BatchApplier;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly config: AppConfig,
    pool: DatabasePool,
  ) {
    this.watcher = new CheckpointWatcher(pool);
    this.failures = new ProcessorFailures(dataSource, store, this.watcher, this.logger);
    this.announcer = new PositionAnnouncer(this.watcher, REPORT_MS);
    this.batches = new BatchApplier(dataSource, this.watcher, this.announcer, this.failures, this.persisted, this.logger);
  }

  onModuleInit(): void {
    this.processors = this.discovery
      .getProviders({ metadataKey: AsProcessor.KEY })
      .map((wrapper) => wrapper.instance as EventProcessor)
      .filter(Boolean);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.runProcessors) await this.refuseOutdatedReadModels();
    await this.watcher.start();
    this.watcher.onRetry((name) => this.onRetry(name));
    this.watcher.onReportRequest(() => this.onReportRequest());
    // Every lock went with the connection: each processor stops reading and takes its lock again.
    this.watcher.onLost(() => {
      for (const entry of this.active.values()) void entry.subscription?.close();
    });
    if (this.config.runProcessors) this.startAll();
  }

  /** After events:rebase, a processor going on from its checkpoint would file new events among the old positions. */
  private async refuseOutdatedReadModels(): Promise<void> {
    const outdated = await outdatedReadModels(this.dataSource, this.projections.map((p) => p.name));
    if (outdated.length === 0) return;
    throw new StartRefused(
      `Cannot run the processors: the read models of ${outdated.join(', ')} still hold the event positions from before \`npm run events:rebase\`. ` +
        "Rebuild them with `npm run replay`, then start the app again (README, Operations, 'Backup and restore').",
    );
  }

  private stopped?: Promise<void>;

  /** Each processor finishes the batch in progress; then the shared connection ends. Idempotent. */
  onApplicationShutdown(): Promise<void> {
    this.stopped ??= (async () => {
      await this.stopAll();
      await this.watcher.stop();
    })();
    return this.stopped;
  }

  get projections(): Projection[] {
    return this.processors.filter((p): p is Projection => (p as Projection).kind === 'projection');
  }

  get names(): string[] {
    return this.processors.map((p) => p.name);
  }

  /** Where and why the processor stopped (any instance's), if it did. */
  failure(name: string): ProcessorFailureRecord | undefined {
    return this.watcher.failure(name);
  }

  /** The processor's checkpoint as last seen by this instance. */
  position(name: string): bigint {
    return this.watcher.position(name);
  }

  get all(): readonly EventProcessor[] {
    return this.processors;
  }

  processorNamed(name: string): EventProcessor | undefined {
    return this.processors.find((p) => p.name === name);
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
    return (await this.waitForProjections(position, undefined, timeoutMs)).timedOut.length === 0;
  }

  /**
   * Read-your-writes for a command that appended `eventTypes`: waits only for the projections that
   * handle one of them (all, when not given) to reach `position`, and says which did not.
   */
  async waitForProjections(position: bigint, eventTypes?: readonly string[], timeoutMs = DEFAULT_WAIT_MS): Promise<WaitResult> {
    const awaited = this.projections.filter((p) => !eventTypes || !p.handles || eventTypes.some((type) => p.handles!.includes(type)));
    if (!this.config.waitForProjections) return { failed: [], timedOut: awaited.map((p) => p.name) };
    const behind = () => awaited.filter((p) => this.watcher.position(p.name) < position);
    const pending = () => behind().filter((p) => !this.watcher.failure(p.name));
    // A projection that handles none of the events gets past them without storing anything for a
    // while: when another instance runs one, ask it to tell where it is. (One that handles them
    // commits, and so announces, the position.)
    if (!eventTypes && pending().some((p) => p.handles && !this.watcher.holds(p.name))) await this.watcher.requestReport().catch(() => undefined);
    await this.watcher.until(() => pending().length === 0, timeoutMs);
    const result = { failed: behind().filter((p) => this.watcher.failure(p.name)).map((p) => p.name), timedOut: pending().map((p) => p.name) };
    if (result.timedOut.length > 0) {
      this.logger.warn(`Read-your-writes: ${result.timedOut.map((n) => `"${n}"`).join(', ')} did not reach position ${position} within ${timeoutMs} ms`);
    }
    return result;
  }

  start(processor: EventProcessor): void {
    this.paused.delete(processor.name);
    if (this.active.has(processor.name)) return;
    const abort = new AbortController();
    const entry: RunEntry = { abort, done: Promise.resolve(), status: { state: 'starting' }, serial: Promise.resolve() };
    this.active.set(processor.name, entry);
    entry.done = this.run(processor, entry).finally(() => this.active.delete(processor.name));
  }

  /** Stops after the batch in progress has committed, and hands the processor's lock back. */
  async stop(name: string): Promise<void> {
    const entry = this.active.get(name);
    if (!entry) return;
    if (!this.stopped) this.paused.add(name);
    entry.abort.abort();
    await entry.done;
    await this.watcher.unlock(name);
  }

  /** What this instance knows of a processor it runs (undefined: not run here). */
  status(name: string): ProcessorStatus | undefined {
    return this.active.get(name)?.status ?? (this.paused.has(name) ? { state: 'paused' } : undefined);
  }

  /**
   * An operator retry, from any process: a failed processor starts again from its checkpoint, and a
   * reactor is handed its dead-lettered events again.
   */
  async requestRetry(name: string): Promise<void> {
    if (!this.processors.some((p) => p.name === name)) throw new Error(`Unknown processor "${name}". Known: ${this.names.join(', ')}`);
    await this.watcher.sendControl('retry', name);
  }

  private onRetry(name: string): void {
    const entry = this.active.get(name);
    if (!entry) return;
    entry.retryRequested = true;
    entry.wakeUp?.();
    void entry.subscription?.close();
  }

  private async run(processor: EventProcessor, entry: RunEntry): Promise<void> {
    const { signal } = entry.abort;
    const { name } = processor;
    let attempt = 0;
    while (!signal.aborted) {
      let subscription: EventSubscription | undefined;
      try {
        // Without the session the locks live on, no lock: wait for it quietly, not with a warning per processor.
        if (!(await this.watcher.connectedWithin(LOCK_RETRY_MS))) {
          entry.status.state = 'standby';
          await sleep(100, signal); // closed for good answers at once
          continue;
        }
        if (!(await this.watcher.tryLock(name))) {
          entry.status.state = 'standby';
          entry.heldElsewhere = true;
          await sleep(LOCK_RETRY_MS, signal);
          continue;
        }
        if (entry.heldElsewhere) this.logger.log(`Processor "${name}" runs in this instance now: the one that ran it stopped or lost its connection`);
        entry.heldElsewhere = false;
        // Starting (a new process, a new deploy) is a retry of a recorded failure too.
        if (entry.retryRequested || !entry.started) {
          await this.failures.clear(name);
          if (entry.retryRequested && isReactor(processor)) await this.failures.redeliverDeadLetters(processor, signal);
          entry.retryRequested = false;
          entry.started = true;
        }
        let position = await ensureCheckpoint(this.dataSource, name);
        this.persisted.set(name, position);
        entry.position = position;
        this.watcher.advance(name, position);
        entry.status.state = 'catching_up';
        subscription = this.store.subscribe(position, { batchSize: BATCH_SIZE });
        entry.subscription = subscription;
        const current = subscription;
        const onAbort = () => void current.close();
        signal.addEventListener('abort', onAbort, { once: true });
        try {
          for await (const batch of subscription) {
            // The lock went with a lost connection: another instance may run it now.
            if (signal.aborted || !this.watcher.holds(name)) break;
            const from = position;
            position = await this.serially(entry, () => this.batches.apply(processor, batch, from, signal));
            entry.position = position;
            if (position > (this.persisted.get(name) ?? position)) this.persistLater(name, entry);
            attempt = 0;
            entry.status.state = batch.length < BATCH_SIZE ? 'running' : 'catching_up';
            if (entry.retryRequested) break;
          }
        } finally {
          signal.removeEventListener('abort', onAbort);
        }
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof CheckpointMoved) continue;
        const failure = error instanceof ProcessorFailure ? error : undefined;
        const transient = !failure && isTransient(error);
        attempt++;
        entry.status.lastError = { message: describe(failure?.cause ?? error), at: new Date() };
        if (failure || (!transient && attempt >= MAX_ATTEMPTS)) {
          await this.fail(processor, entry, failure ?? new ProcessorFailure(error, undefined, attempt));
          attempt = 0;
          continue;
        }
        const wait = backoffMs(attempt, 200, MAX_BACKOFF_MS);
        if (transient && lifecycle.stopping) this.logger.debug(`Processor "${name}": ${describe(error)} while shutting down`);
        else if (transient) this.logger.warn(`Processor "${name}": database unavailable (${describe(error)}); retry ${attempt} in ${wait} ms`);
        else this.logger.warn(`Processor "${name}" failed (${describe(error)}); retry ${attempt} of ${MAX_ATTEMPTS - 1} in ${wait} ms`);
        await sleep(wait, signal);
      } finally {
        entry.subscription = undefined;
        await subscription?.close().catch(() => undefined);
      }
    }
    clearTimeout(entry.persistTimer);
    await this.serially(entry, () => this.persistSkipped(name, entry)).catch(() => undefined);
  }

  /** One thing at a time per processor: a batch, or storing how far it skipped. */
  private serially<T>(entry: RunEntry, task: () => Promise<T>): Promise<T> {
    const result = entry.serial.then(task);
    entry.serial = result.catch(() => undefined);
    return result;
  }

  private persistLater(name: string, entry: RunEntry): void {
    if (entry.persistTimer) return;
    entry.persistTimer = setTimeout(() => {
      entry.persistTimer = undefined;
      void this.serially(entry, () => this.persistSkipped(name, entry)).catch((error: unknown) => {
        if (!entry.abort.signal.aborted) this.logger.debug(`Processor "${name}": storing its checkpoint failed (${describe(error)}); its next batch stores it`);
      });
    }, SKIP_PERSIST_MS);
    entry.persistTimer.unref();
  }

  /** Stores the position the processor skipped to in memory, if still at what it stored last. */
  private async persistSkipped(name: string, entry: RunEntry): Promise<void> {
    const stored = this.persisted.get(name);
    const to = entry.position;
    if (stored === undefined || to === undefined || to <= stored || !this.watcher.holds(name)) return;
    if (await skipTo(this.dataSource, name, stored, to)) {
      this.persisted.set(name, to);
      this.announcer.stored(name, to);
    }
    // A replay or another instance moved it: start again from the stored checkpoint.
    else void entry.subscription?.close();
  }

  /** Another instance waits for processors this one runs: it hears of skipped positions for a while. */
  private onReportRequest(): void {
    if (!this.announcer.requested()) return;
    for (const [name, entry] of this.active) {
      const stored = this.persisted.get(name);
      if (this.watcher.holds(name) && stored !== undefined && entry.position !== undefined && entry.position > stored) this.announcer.skipped(name, entry.position);
    }
  }

  /** Records the failure for every instance to see, then waits, holding the lock, until an operator retry. */
  private async fail(processor: EventProcessor, entry: RunEntry, failure: ProcessorFailure): Promise<void> {
    const { name } = processor;
    const event = failure.event;
    const record: ProcessorFailureRecord = {
      name,
      position: event?.globalPosition ?? null,
      eventId: event?.eventId ?? null,
      eventType: event?.type ?? null,
      message: describe(failure.cause),
      attempts: failure.attempts,
      failedAt: new Date(),
    };
    entry.status.state = 'failed';
    this.logger.error(
      `Processor "${name}" stopped${event ? ` at event ${event.globalPosition} (${event.type})` : ''} after ${failure.attempts} attempts: ${record.message}. Retry with: npm run processors -- retry ${name}`,
      (failure.cause as Error)?.stack,
    );
    const { signal } = entry.abort;
    await this.failures.record(record, signal);
    while (!signal.aborted && !entry.retryRequested) {
      await new Promise<void>((resolve) => {
        entry.wakeUp = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    }
    entry.wakeUp = undefined;
  }
}

export type ProcessorState = 'starting' | 'running' | 'catching_up' | 'failed' | 'paused' | 'standby';

export interface ProcessorStatus {
  state: ProcessorState;
  lastError?: { message: string; at: Date };
}

interface RunEntry {
  abort: AbortController;
  subscription?: EventSubscription | undefined;
  done: Promise<void>;
  status: ProcessorStatus;
  retryRequested?: boolean;
  started?: boolean;
  /** Another instance held its lock when this one last tried: taking it is a takeover, worth a line. */
  heldElsewhere?: boolean;
  wakeUp?: (() => void) | undefined;
  /** Where it got to, stored or not (`persisted` has the stored one). */
  position?: bigint;
  persistTimer?: NodeJS.Timeout | undefined;
  serial: Promise<unknown>;
}
